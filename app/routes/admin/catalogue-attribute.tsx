import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalogue-attribute";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { MoveButtons, TextArea } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { ATTRIBUTE_KIND_LABELS, productCount } from "../../../server/modules/catalogue-structure/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * One filter attribute (issue 25 §4, ADR 69), or a new one: its name and kind, and its values in
 * order: add, rename (every product with the old value gets the new one), move, remove (only
 * when no product uses it). Forms carry the version: a stale page is refused (409).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.attribute?.name ?? "New filter attribute"} · Back office` },
];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  if (params.id === undefined) return { attribute: null };
  const attribute = await context.services.catalogueStructure.attribute(context.db, params.id);
  if (!attribute) throw new Response(null, { status: 404 });
  return { attribute };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const structure = context.services.catalogueStructure;
  const staff = staffScope(context);
  const target = { ...fields, id: params.id };
  try {
    if (params.id === undefined) {
      const created = await structure.createAttribute(staff, fields);
      return redirect(`/admin/catalogue/attributes/${created.id}`);
    }
    switch (fields.intent) {
      case "save":
        await structure.editAttribute(staff, target);
        return { ok: true as const, message: "Saved: the shop's filters show it now." };
      case "add-value":
        await structure.addAttributeValue(staff, target);
        return { ok: true as const, message: `“${fields.value?.trim()}” added.` };
      case "rename-value": {
        const renamed = await structure.renameAttributeValue(staff, target);
        return { ok: true as const, message: `Renamed, and ${productCount(renamed.products)} changed with it.` };
      }
      case "move-value":
        await structure.moveAttributeValue(staff, target);
        return { ok: true as const, message: "Moved." };
      case "remove-value":
        await structure.removeAttributeValue(staff, target);
        return { ok: true as const, message: `“${fields.value}” removed.` };
      case "delete":
        await structure.deleteAttribute(staff, target);
        return redirect("/admin/catalogue#attributes");
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "attribute", entityId: params.id ?? "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

function KindField({ value }: { value: string }) {
  return (
    <div className="field">
      <label htmlFor="attribute-kind">Shoppers choose</label>
      <select id="attribute-kind" name="kind" defaultValue={value} className="w-full rounded-md border border-grey-500 px-3 py-2">
        {Object.entries(ATTRIBUTE_KIND_LABELS).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AdminAttribute({ loaderData, actionData }: Route.ComponentProps) {
  const { attribute } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const intent = failure?.values.intent;
  const errorOf = (forIntent: string, field: string) => (intent === forIntent ? failure?.fieldErrors[field] : undefined);
  const refusedValue = (forIntent: string, value: string) => intent === forIntent && failure?.values.value === value;
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/catalogue#attributes" className="text-link">
            Catalogue
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{attribute ? attribute.name : "New filter attribute"}</h1>
        {attribute && <p className="text-sm text-grey-600">Key in products: {attribute.key}</p>}
      </div>
      <FormNotices message={message} failure={failure} shown={["name", "key", "values", "to", "value"]} />
      {!attribute ? (
        <Panel title="New filter attribute">
          <Form method="post" className="flex flex-col gap-4 sm:max-w-lg" noValidate>
            <TextField
              label="Key"
              name="key"
              required
              maxLength={40}
              defaultValue={failure?.values.key}
              error={failure?.fieldErrors.key}
              hint="How products name it (such as grip or palm_cut); it does not change later."
            />
            <TextField
              label="Name"
              name="name"
              required
              maxLength={80}
              defaultValue={failure?.values.name}
              error={failure?.fieldErrors.name}
            />
            <KindField value={failure?.values.kind || "choice"} />
            <TextArea
              label="Values"
              name="values"
              hint="One a line, in the order the filter shows them."
              defaultValue={failure?.values.values}
              error={failure?.fieldErrors.values}
            />
            <button type="submit" className="button-primary self-start" disabled={busy}>
              Create the filter attribute
            </button>
          </Form>
        </Panel>
      ) : (
        <>
          <Panel title="Name and kind">
            <Form method="post" className="flex flex-col gap-4 sm:max-w-lg" noValidate>
              <input type="hidden" name="intent" value="save" />
              <input type="hidden" name="version" value={attribute.version} />
              <TextField
                label="Name"
                name="name"
                required
                maxLength={80}
                defaultValue={intent === "save" ? failure?.values.name : attribute.name}
                error={errorOf("save", "name")}
                hint="What the shop's filters call it."
              />
              <KindField value={intent === "save" ? (failure?.values.kind ?? attribute.kind) : attribute.kind} />
              <button type="submit" className="button-primary self-start" disabled={busy}>
                Save
              </button>
            </Form>
          </Panel>
          <Panel title="Values">
            <ol className="flex flex-col gap-3">
              {attribute.values.map(({ value, products }, i) => (
                <li key={value} className="flex flex-wrap items-center gap-3 border-t border-grey-100 pt-3 text-sm">
                  <MoveButtons
                    intent="move-value"
                    id={attribute.id}
                    version={attribute.version}
                    label={value}
                    first={i === 0}
                    last={i === attribute.values.length - 1}
                    busy={busy}
                    extra={{ value }}
                  />
                  <span className="font-medium">{value}</span>
                  <span className="text-grey-600">{productCount(products)}</span>
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="rename-value" />
                    <input type="hidden" name="version" value={attribute.version} />
                    <input type="hidden" name="value" value={value} />
                    <label className="sr-only" htmlFor={`rename-${i}`}>
                      New name for {value}
                    </label>
                    <input
                      id={`rename-${i}`}
                      name="to"
                      defaultValue={refusedValue("rename-value", value) ? failure?.values.to : value}
                      aria-invalid={refusedValue("rename-value", value) && failure?.fieldErrors.to ? true : undefined}
                      className="w-40 rounded-md border border-grey-500 px-2 py-1"
                    />
                    <button type="submit" className="button-secondary px-3 py-1" disabled={busy}>
                      Rename
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-value" />
                    <input type="hidden" name="version" value={attribute.version} />
                    <input type="hidden" name="value" value={value} />
                    <button type="submit" className="text-link" disabled={busy} aria-label={`Remove ${value}`}>
                      Remove
                    </button>
                  </Form>
                </li>
              ))}
            </ol>
            {attribute.unlisted.length > 0 && (
              <p className="mt-3 text-sm text-grey-600">
                Products also use values not in this list:{" "}
                {attribute.unlisted.map((entry) => `${entry.value} (${productCount(entry.products)})`).join(", ")}. Add them to
                offer them in the filter.
              </p>
            )}
            <Form method="post" className="mt-4 flex flex-wrap items-end gap-2" noValidate>
              <input type="hidden" name="intent" value="add-value" />
              <input type="hidden" name="version" value={attribute.version} />
              <TextField
                label="New value"
                name="value"
                maxLength={60}
                defaultValue={intent === "add-value" ? failure?.values.value : ""}
                error={errorOf("add-value", "value")}
              />
              <button type="submit" className="button-secondary" disabled={busy}>
                Add
              </button>
            </Form>
          </Panel>
          <Panel title="Delete">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={attribute.version} />
              <button type="submit" className="button-danger" disabled={busy}>
                Delete this filter attribute
              </button>
              <p className="mt-1 text-sm text-grey-600">Only when no product uses it.</p>
            </Form>
          </Panel>
        </>
      )}
    </div>
  );
}
