import { useRef } from "react";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/catalogue";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { MoveButtons } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { ATTRIBUTE_KIND_LABELS, productCount } from "../../../server/modules/catalogue-structure/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The catalogue's structure (issue 25 §4, ADR 69): categories with their sub-categories in menu
 * order, brands, and the filter attributes in filter order. Each record opens on its own page;
 * the order changes here, with a button a step (no JavaScript needed).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Catalogue · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  return context.services.catalogueStructure.overview(context.db);
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const structure = context.services.catalogueStructure;
  const staff = staffScope(context);
  const isAttribute = fields.intent === "move-attribute";
  try {
    if (fields.intent === "move-category") await structure.moveCategory(staff, fields);
    else if (isAttribute) await structure.moveAttribute(staff, fields);
    else throw data(null, { status: 400 });
    return { ok: true as const, message: "Moved." };
  } catch (error) {
    return refusedForm(context, error, fields, {
      entityType: isAttribute ? "attribute" : "category",
      entityId: fields.id ?? "",
      unchanging: [],
    });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminCatalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, brands, attributes } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Catalogue</h1>
        <nav aria-label="Parts of the catalogue" className="mt-2 flex flex-wrap gap-4 text-sm">
          <a href="#categories" className="text-link">
            Categories ({categories.length})
          </a>
          <a href="#brands" className="text-link">
            Brands ({brands.length})
          </a>
          <a href="#attributes" className="text-link">
            Filter attributes ({attributes.length})
          </a>
        </nav>
      </div>
      <FormNotices message={message} failure={failure} shown={[]} />

      <div id="categories">
        <Panel title="Categories and sub-categories">
          <p className="mb-3 text-sm">
            <Link to="/admin/catalogue/categories/new" className="text-link">
              New category
            </Link>
          </p>
          <ol className="flex flex-col gap-3">
            {categories.map((category, i) => (
              <li key={category.id} className="border-t border-grey-100 pt-3">
                <div className="flex flex-wrap items-center gap-3">
                  <MoveButtons
                    intent="move-category"
                    id={category.id}
                    version={category.version}
                    label={category.name}
                    first={i === 0}
                    last={i === categories.length - 1}
                    busy={busy}
                  />
                  <Link to={`/admin/catalogue/categories/${category.id}`} className="font-medium text-link">
                    {category.name}
                  </Link>
                  <span className="text-sm text-grey-600">
                    {category.path} · {productCount(category.products)}
                  </span>
                </div>
                <ol className="mt-2 ml-6 flex flex-col gap-2 sm:ml-12">
                  {category.subCategories.map((sub, j) => (
                    <li key={sub.id} className="flex flex-wrap items-center gap-3">
                      <MoveButtons
                        intent="move-category"
                        id={sub.id}
                        version={sub.version}
                        label={`${category.name} › ${sub.name}`}
                        first={j === 0}
                        last={j === category.subCategories.length - 1}
                        busy={busy}
                      />
                      <Link to={`/admin/catalogue/categories/${sub.id}`} className="text-link">
                        {sub.name}
                      </Link>
                      <span className="text-sm text-grey-600">{productCount(sub.products)}</span>
                    </li>
                  ))}
                  <li className="text-sm">
                    <Link to={`/admin/catalogue/categories/new?parent=${category.id}`} className="text-link">
                      New sub-category of {category.name}
                    </Link>
                  </li>
                </ol>
              </li>
            ))}
          </ol>
        </Panel>
      </div>

      <div id="brands">
        <Panel title="Brands">
          <p className="mb-3 text-sm">
            <Link to="/admin/catalogue/brands/new" className="text-link">
              New brand
            </Link>
          </p>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {brands.map((brand) => (
              <li key={brand.id} className="text-sm">
                <Link to={`/admin/catalogue/brands/${brand.id}`} className="font-medium text-link">
                  {brand.name}
                </Link>{" "}
                <span className="text-grey-600">· {productCount(brand.products)}</span>
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      <div id="attributes">
        <Panel title="Filter attributes">
          <p className="mb-3 text-sm">
            <Link to="/admin/catalogue/attributes/new" className="text-link">
              New filter attribute
            </Link>
          </p>
          <ol className="flex flex-col gap-2">
            {attributes.map((attribute, i) => (
              <li key={attribute.id} className="flex flex-wrap items-center gap-3 text-sm">
                <MoveButtons
                  intent="move-attribute"
                  id={attribute.id}
                  version={attribute.version}
                  label={attribute.name}
                  first={i === 0}
                  last={i === attributes.length - 1}
                  busy={busy}
                />
                <Link to={`/admin/catalogue/attributes/${attribute.id}`} className="font-medium text-link">
                  {attribute.name}
                </Link>
                <span className="text-grey-600">
                  {ATTRIBUTE_KIND_LABELS[attribute.kind]} · {attribute.values.join(", ") || "no values"}
                </span>
              </li>
            ))}
          </ol>
        </Panel>
      </div>
    </div>
  );
}
