import { data, useLocation } from "react-router";
import type { Route } from "./+types/products";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { FormNotices } from "~/components/admin/form-notices";
import { PickAllProducts, ProductBulkForm, ProductPick } from "~/components/admin/product-bulk-form";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { SortHeader } from "~/components/admin/sort-header";
import { Link } from "~/components/ui/link";
import { mediaUrl } from "~/lib/media";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { listFailure } from "~/lib/admin-lists.server";
import { clearFlashCookie, readFlash } from "~/lib/flash";
import { PRODUCTS_NOTICE_COOKIE, PRODUCTS_NOTICE_PATH } from "~/lib/products-notice";
import type { ProductRow } from "../../../server/modules/back-office/index.ts";
import {
  PRODUCT_ACCESS,
  PRODUCT_ACCESS_WORDS,
  PRODUCT_STATUSES,
  PRODUCT_STATUS_WORDS,
} from "../../../server/modules/back-office/shared.ts";
import { imageUrl } from "../../../server/modules/media/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The products (issue 25 §1): every product, whatever its status, with its options summed up.
 * The view (filters, search, sort, page) is the address, as on the order list. A name opens the
 * product in the editor (ADR 63); a published one links to its page on the shop too. Ticked
 * products, or all that match the filter, go to a bulk edit's preview (ADR 71).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Products · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  // What an applied bulk edit said, carried here across its redirect (ADR 71).
  const notice = readFlash(request.headers.get("cookie"), PRODUCTS_NOTICE_COOKIE);
  let body;
  try {
    const list = await context.services.backOffice.productsList(context, new URL(request.url).searchParams);
    body = { list, currency: context.env.currency, error: null, notice };
  } catch (error) {
    body = { list: null, currency: context.env.currency, error: listFailure(error), notice };
  }
  return notice
    ? data(body, { headers: { "Set-Cookie": clearFlashCookie(PRODUCTS_NOTICE_COOKIE, PRODUCTS_NOTICE_PATH) } })
    : body;
}

const STATUS_OPTIONS = PRODUCT_STATUSES.map((value) => ({ value, label: PRODUCT_STATUS_WORDS[value] }));
const ACCESS_OPTIONS = PRODUCT_ACCESS.map((value) => ({ value, label: PRODUCT_ACCESS_WORDS[value] }));
/** The stock filter's choices at the shop's low-stock threshold (its settings). */
// Low: an option at or below its low mark (its own, else the shop's setting), sold out included (ADR 74).
const STOCK_OPTIONS = [
  { value: "none", label: "None" },
  { value: "low", label: "Low (an option low or sold out)" },
  { value: "in", label: "In stock (every option above its mark)" },
];

function priceRange(product: ProductRow, currency: string): string {
  if (product.minPrice === null || product.maxPrice === null) return "—";
  const low = formatMoney(product.minPrice, currency);
  return product.minPrice === product.maxPrice ? low : `${low} – ${formatMoney(product.maxPrice, currency)}`;
}

function accessText(product: ProductRow): string {
  if (product.access !== "early" || !product.publicAt) return PRODUCT_ACCESS_WORDS[product.access];
  return `Early access until ${product.publicAt.slice(0, 10)}`;
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? "";
  const { list, error, currency, notice } = loaderData;
  const rows = list?.rows ?? [];
  const choices = list?.choices ?? { brands: [], categories: [] };
  const path = "/admin/products";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Products</h1>
        <div className="flex flex-wrap gap-2">
          <a className="button-secondary" href={`/admin/products/export.csv${search}`} data-reload>
            Export CSV
          </a>
          <Link to="/admin/products/new" className="button-primary">
            New product
          </Link>
        </div>
      </div>
      <FilterForm key={search} label="Find products">
        <FilterInput label="Title or SKU" name="q" type="search" value={value("q")} />
        <FilterSelect
          label="Category"
          name="category"
          value={value("category")}
          options={choices.categories.map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <FilterSelect
          label="Brand"
          name="brand"
          value={value("brand")}
          options={choices.brands.map((b) => ({ value: String(b.id), label: b.name }))}
        />
        <FilterSelect label="Status" name="status" value={value("status")} options={STATUS_OPTIONS} />
        <FilterSelect label="Who may buy" name="access" value={value("access")} options={ACCESS_OPTIONS} />
        <FilterSelect label="Stock" name="stock" value={value("stock")} options={STOCK_OPTIONS} />
        {params.get("sort") && <input type="hidden" name="sort" value={value("sort")} />}
        {params.get("dir") && <input type="hidden" name="dir" value={value("dir")} />}
      </FilterForm>
      <FormNotices message={notice?.message} failure={null} shown={[]} />
      {list && (
        <ProductBulkForm
          shown={rows.map((product) => product.id)}
          matching={list.total}
          params={params}
          categories={choices.categories}
        />
      )}
      <ListResult path={path} search={search} error={error} list={list} noun="products">
        <thead>
          <tr>
            <th scope="col">
              <PickAllProducts />
            </th>
            <th scope="col">
              <span className="sr-only">Image</span>
            </th>
            <SortHeader path={path} search={search} column="title" byDefault="newest">
              Title
            </SortHeader>
            <th scope="col">Brand</th>
            <th scope="col">Category</th>
            <th scope="col">Status</th>
            <th scope="col">Who may buy</th>
            <th scope="col" className="text-right">
              Options
            </th>
            <SortHeader path={path} search={search} column="stock" byDefault="newest" className="text-right">
              Stock
            </SortHeader>
            <SortHeader path={path} search={search} column="price" byDefault="newest" className="text-right">
              Price
            </SortHeader>
            <SortHeader path={path} search={search} column="newest" byDefault="newest">
              Added
            </SortHeader>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && <EmptyRow columns={11}>No products match.</EmptyRow>}
          {rows.map((product) => (
            <tr key={product.id}>
              <td>
                <ProductPick id={product.id} name={product.name} />
              </td>
              <td>
                {/* Decorative: the product's name stands beside it. */}
                {product.image ? (
                  <img
                    src={imageUrl("product", 96, mediaUrl(product.image.path))}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="size-12 max-w-none rounded object-cover"
                  />
                ) : (
                  <span className="text-grey-600">—</span>
                )}
              </td>
              <td>
                <Link to={`/admin/products/${product.id}`} className="font-medium text-link">
                  {product.name}
                </Link>
                {product.status === "published" && (
                  <Link to={product.path} className="block text-xs text-link">
                    On the shop<span className="sr-only">: {product.name}</span>
                  </Link>
                )}
              </td>
              <td>{product.brand}</td>
              <td>
                {product.category}
                {product.subCategory && <span className="block text-grey-600">{product.subCategory}</span>}
              </td>
              <td>{PRODUCT_STATUS_WORDS[product.status]}</td>
              <td>{accessText(product)}</td>
              <td className="text-right">{product.variants}</td>
              <td className="text-right">
                {product.stock}
                {product.stockState !== "in" && <span className="block text-grey-600">{product.stockState}</span>}
              </td>
              <td className="text-right whitespace-nowrap">{priceRange(product, currency)}</td>
              <td className="whitespace-nowrap">{product.createdAt.slice(0, 10)}</td>
            </tr>
          ))}
        </tbody>
      </ListResult>
    </div>
  );
}
