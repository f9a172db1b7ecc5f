import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalogue-category";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { ImageForm, MergeAndDelete, TextArea } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formContents } from "~/lib/forms.server";
import { logoImageSources } from "~/lib/media";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { productCount, SLUG_HINT } from "../../../server/modules/catalogue-structure/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * One category or sub-category (issue 25 §4, ADR 69), or a new one (/new, ?parent= for a
 * sub-category): name, slug (a change keeps the old address answering 301), description,
 * picture; merge into another or delete. Forms carry the version: a stale page is refused (409).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data && "category" in data && data.category ? data.category.name : "New category"} · Back office` },
];

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const structure = context.services.catalogueStructure;
  if (params.id === undefined) {
    const wanted = new URL(request.url).searchParams.get("parent");
    const parent = wanted ? await structure.parentForNew(context.db, wanted) : null;
    if (wanted && !parent) throw new Response(null, { status: 404 });
    return { category: null, parent };
  }
  const category = await structure.category(context.db, params.id);
  if (!category) throw new Response(null, { status: 404 });
  return { category, parent: category.parent };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  const structure = context.services.catalogueStructure;
  const staff = staffScope(context);
  const target = { ...fields, id: params.id };
  try {
    if (params.id === undefined) {
      const created = await structure.createCategory(staff, fields);
      return redirect(`/admin/catalogue/categories/${created.id}`);
    }
    switch (fields.intent) {
      case "save":
        await structure.editCategory(staff, target);
        return { ok: true as const, message: "Saved: the shop shows it now." };
      case "set-image":
        await structure.setCategoryImage(staff, target, form.get("image"));
        return { ok: true as const, message: "Picture uploaded." };
      case "remove-image":
        await structure.removeCategoryImage(staff, target);
        return { ok: true as const, message: "Picture removed: the shop shows the drawn artwork." };
      case "merge":
        await structure.mergeCategory(staff, target);
        return redirect("/admin/catalogue");
      case "delete":
        await structure.deleteCategory(staff, target);
        return redirect("/admin/catalogue");
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "category", entityId: params.id ?? "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { category, parent } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const what = parent ? "sub-category" : "category";
  const saving = !failure || failure.values.intent === "save" || !category;
  const value = (name: "name" | "slug" | "description") => (failure && saving ? failure.values[name] : category?.[name]) ?? "";
  const fieldError = (name: string) => (saving ? failure?.fieldErrors[name] : undefined);
  const title = category ? category.name : parent ? `New sub-category of ${parent.name}` : "New category";
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/catalogue" className="text-link">
            Catalogue
          </Link>
          {parent && (
            <>
              {" › "}
              <Link to={`/admin/catalogue/categories/${parent.id}`} className="text-link">
                {parent.name}
              </Link>
            </>
          )}
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {category && (
          <p className="text-sm text-grey-600">
            <Link to={category.path} className="text-link">
              {category.path}
            </Link>{" "}
            · {productCount(category.products)}
          </p>
        )}
      </div>
      <FormNotices message={message} failure={failure} shown={saving ? ["name", "slug", "description"] : ["into", "image"]} />
      <Panel title={category ? `The ${what}` : `New ${what}`}>
        <Form method="post" className="flex flex-col gap-4 sm:max-w-lg" noValidate>
          <input type="hidden" name="intent" value="save" />
          {category && <input type="hidden" name="version" value={category.version} />}
          {!category && parent && <input type="hidden" name="parentId" value={parent.id} />}
          <TextField label="Name" name="name" required maxLength={80} defaultValue={value("name")} error={fieldError("name")} />
          <TextField
            label="Slug"
            name="slug"
            maxLength={80}
            defaultValue={value("slug")}
            error={fieldError("slug")}
            hint={category ? "A new slug keeps the old address leading here." : SLUG_HINT}
          />
          <TextArea
            label="Description"
            name="description"
            defaultValue={value("description")}
            error={fieldError("description")}
          />
          <button type="submit" className="button-primary self-start" disabled={busy}>
            {category ? "Save" : `Create the ${what}`}
          </button>
        </Form>
      </Panel>
      {category && (
        <>
          <Panel title="Picture">
            <ImageForm
              label="New picture"
              field="image"
              version={category.version}
              current={category.imagePath}
              preview={category.imagePath ? logoImageSources(category.imagePath, 160, 320).src : null}
              error={failure?.values.intent === "set-image" ? failure.fieldErrors.image : undefined}
              busy={busy}
              none="None: the shop shows the drawn artwork."
            />
          </Panel>
          {category.subCategories.length > 0 && (
            <Panel title="Sub-categories">
              <ul className="flex flex-col gap-1 text-sm">
                {category.subCategories.map((sub) => (
                  <li key={sub.id}>
                    <Link to={`/admin/catalogue/categories/${sub.id}`} className="text-link">
                      {sub.name}
                    </Link>{" "}
                    <span className="text-grey-600">· {productCount(sub.products)}</span>
                  </li>
                ))}
              </ul>
            </Panel>
          )}
          <Panel title={`Merge or delete`}>
            <MergeAndDelete
              what={what}
              version={category.version}
              products={category.products}
              targets={category.mergeTargets}
              failure={failure}
              busy={busy}
            />
          </Panel>
        </>
      )}
    </div>
  );
}
