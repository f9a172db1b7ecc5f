import { useId, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/information-block";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { TextArea } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";
import type { InformationTargetChoice } from "../../../server/modules/information-blocks/shared.ts";

/*
 * One product information block (issue 26 §3, ADR 76): /admin/information/new makes one (at the
 * end of the order), /admin/information/{id} edits or deletes it. Plain text, paragraphs apart by
 * a blank line (product pages never render it as HTML). Changes carry the block's version.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.block?.title ?? "New block"} · Product information · Back office` },
];

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const blocks = context.services.informationBlocks;
  if (params.id === undefined) return { block: null, categories: (await blocks.list(context)).categories, created: false };
  if (!/^\d{1,10}$/.test(params.id)) throw data(null, { status: 404 });
  const { block, categories } = await blocks.block(context, Number(params.id)).catch((error: unknown) => {
    if ((error as { code?: string }).code === "ENTRY_NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  });
  return { block, categories, created: new URL(request.url).searchParams.has("created") };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const staff = staffScope(context);
  const blocks = context.services.informationBlocks;
  // An unticked box sends nothing: kept as "off" to show the form again as it was.
  const values = { ...fields, published: fields.published ?? "off" };
  try {
    switch (fields.intent) {
      case "save": {
        const saved = await blocks.save(staff, { ...values, id: params.id });
        if (saved.created) return redirect(`/admin/information/${saved.id}?created=1`);
        return {
          ok: true as const,
          message: saved.changed.length > 0 ? "Saved: product pages show it now." : "Nothing changed.",
        };
      }
      case "delete":
        await blocks.remove(staff, { id: params.id, version: fields.version });
        return redirect("/admin/information?deleted=1");
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, values, { entityType: "information", entityId: params.id ?? "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

const TARGET_LABELS: Record<InformationTargetChoice, string> = {
  all: "Every product",
  category: "A category's products (a category covers its sub-categories)",
  product: "One product",
};

export default function AdminInformationBlock({ loaderData, actionData }: Route.ComponentProps) {
  const { block, categories, created } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : created ? "Block created." : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const id = useId();
  const value = (name: string, current: string) => failure?.values[name] ?? current;
  const error = (name: string) => failure?.fieldErrors[name] ?? null;
  const target = value("target", block?.productId != null ? "product" : block?.categoryId != null ? "category" : "all");
  const published = value("published", block === null || block.published ? "on" : "off") === "on";
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/information" className="text-link">
            Product information
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{block ? block.title : "New information block"}</h1>
      </div>
      <FormNotices message={message} failure={failure} shown={["kind", "title", "body", "target", "categoryId", "product"]} />
      <Panel title="The block">
        <Form method="post" className="flex flex-col gap-3 sm:max-w-lg" noValidate>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={block?.version ?? ""} />
          <TextField
            label="Title"
            name="title"
            maxLength={100}
            defaultValue={value("title", block?.title ?? "")}
            error={error("title")}
          />
          <TextField
            label="Kind"
            name="kind"
            maxLength={40}
            defaultValue={value("kind", block?.kind ?? "")}
            error={error("kind")}
            hint="Such as size-guide, care or delivery: lower-case words joined by hyphens."
          />
          <TextArea
            label="Text"
            name="body"
            rows={8}
            defaultValue={value("body", block?.body ?? "")}
            error={error("body")}
            hint="Plain text; leave a blank line between paragraphs."
          />
          <fieldset className="flex flex-col gap-1" aria-describedby={error("target") ? `${id}-target-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-grey-900">Shows on</legend>
            {(Object.keys(TARGET_LABELS) as InformationTargetChoice[]).map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm">
                <input type="radio" name="target" value={choice} defaultChecked={target === choice} />
                {TARGET_LABELS[choice]}
              </label>
            ))}
            {error("target") && (
              <p id={`${id}-target-error`} className="field-error">
                {error("target")}
              </p>
            )}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-category`}>Category</label>
            <p id={`${id}-category-hint`} className="field-hint">
              For &ldquo;A category&rsquo;s products&rdquo;.
            </p>
            <select
              id={`${id}-category`}
              name="categoryId"
              defaultValue={value("categoryId", block?.categoryId != null ? String(block.categoryId) : "")}
              aria-invalid={error("categoryId") ? true : undefined}
              aria-describedby={[`${id}-category-hint`, error("categoryId") && `${id}-category-error`].filter(Boolean).join(" ")}
              className="w-full rounded-md border border-grey-500 px-3 py-2"
            >
              <option value="">Choose a category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.label}
                </option>
              ))}
            </select>
            {error("categoryId") && (
              <p id={`${id}-category-error`} className="field-error">
                {error("categoryId")}
              </p>
            )}
          </div>
          <TextField
            label="Product"
            name="product"
            defaultValue={value("product", block?.productSlug ?? "")}
            error={error("product")}
            hint="For “One product”: the last part of its page's address, such as aero-grip-pro."
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="published" defaultChecked={published} />
            Shown on product pages (unticked: kept as a draft)
          </label>
          <div>
            <button type="submit" className="button-primary" disabled={busy}>
              {block ? "Save block" : "Create block"}
            </button>
          </div>
        </Form>
      </Panel>
      {block && (
        <Panel title="Delete">
          <details>
            <summary className="cursor-pointer text-sm">Delete this block</summary>
            <Form method="post" className="mt-3 flex flex-col gap-2">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="version" value={block.version} />
              <p className="text-sm text-grey-700">
                It leaves every product page it is on. To keep it without showing it, untick &ldquo;Shown on product pages&rdquo;
                instead.
              </p>
              <div>
                <button type="submit" className="button-danger" disabled={busy}>
                  Delete block
                </button>
              </div>
            </Form>
          </details>
        </Panel>
      )}
    </div>
  );
}
