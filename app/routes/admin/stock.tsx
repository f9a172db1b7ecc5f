import { useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/stock";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { FormNotices } from "~/components/admin/form-notices";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { Link } from "~/components/ui/link";
import { staffScope } from "~/lib/admin-actions.server";
import { listFailure } from "~/lib/admin-lists.server";
import { formFields } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { stockSaveInput, stockSaveRefused } from "~/lib/stock-save.server";
import type { StockRow } from "../../../server/modules/stock/index.ts";
import { ADJUST_REASONS, MAX_STOCK, STOCK_REASON_WORDS } from "../../../server/modules/stock/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The stock grid (issue 25 §2, ADR 66): every option of every product with its stock, filtered
 * by the address (search, category, stock state, one product), 50 a page. One form edits many
 * rows in place: a new count typed in a row sets that option's stock, all for the one reason
 * chosen, in one save. Each row carries the stock it showed; a save with a row that moved since
 * is refused whole (409), naming the rows.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Stock · Back office" }];

export const shouldRevalidate = revalidateAfterRefusal;

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    return { grid: await context.services.stock.grid(context, new URL(request.url).searchParams), error: null };
  } catch (error) {
    return { grid: null, error: listFailure(error) };
  }
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const input = stockSaveInput(fields);
  try {
    const { moved } = await context.services.stock.adjust(staffScope(context), input);
    const changed = moved.length === 1 ? "1 option" : `${moved.length} options`;
    return { ok: true as const, message: `Saved: the stock of ${changed} changed.`, savedAt: Date.now() };
  } catch (error) {
    // The counts typed are kept; the stock they were read at is the page's again (read anew).
    const values = Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith("was.")));
    return stockSaveRefused(error, input, values);
  }
}

const STATE_OPTIONS = [
  { value: "none", label: "None" },
  { value: "low", label: "Low" },
  { value: "in", label: "In stock" },
];
const REASON_OPTIONS = ADJUST_REASONS.map((value) => ({ value, label: STOCK_REASON_WORDS[value] }));

const optionText = (row: Pick<StockRow, "size" | "colour">) => `${row.size} · ${row.colour}`;

export default function Stock({ loaderData, actionData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? "";
  const { grid, error } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, failure);
  const rows = grid?.rows ?? [];
  const typed = (name: string) => failure?.values[name] ?? "";
  const shown = rows.map((row) => `count.${row.variantId}`).concat("reason", "note");
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{grid?.product ? `Stock of ${grid.product.name}` : "Stock"}</h1>
      {grid?.product && (
        <p className="flex flex-wrap gap-3 text-sm">
          <Link to={`/admin/stock/${grid.product.id}`} className="text-link">
            Its stock history
          </Link>
          <Link to="/admin/stock" className="text-link">
            Every product&apos;s stock
          </Link>
        </p>
      )}
      <FilterForm key={search} label="Find options">
        <FilterInput label="Title or SKU" name="q" type="search" value={value("q")} />
        <FilterSelect
          label="Category"
          name="category"
          value={value("category")}
          options={(grid?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
        <FilterSelect label="Stock" name="stock" value={value("stock")} options={STATE_OPTIONS} />
        {params.get("product") && <input type="hidden" name="product" value={value("product")} />}
      </FilterForm>
      <FormNotices message={message} failure={failure} shown={shown} />
      {/* A new form after a save: the counts typed are saved, the rows show the stock now. */}
      <Form
        method="post"
        ref={formRef}
        key={actionData && "savedAt" in actionData ? actionData.savedAt : "grid"}
        className="flex flex-col gap-4"
        aria-label="Stock counts"
        noValidate
      >
        <ListResult path="/admin/stock" search={search} error={error} list={grid} noun="options">
          <caption className="sr-only">Options and their stock; type a new count in the rows to change</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Option</th>
              <th scope="col">SKU</th>
              <th scope="col" className="text-right">
                Stock
              </th>
              <th scope="col" className="text-right">
                Low at
              </th>
              <th scope="col">New count</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={6}>No options match.</EmptyRow>}
            {rows.map((row) => {
              const name = `count.${row.variantId}`;
              const rowError = failure?.fieldErrors[name];
              return (
                <tr key={row.variantId} data-sku={row.sku}>
                  <td>
                    <Link to={`/admin/stock/${row.productId}`} className="font-medium text-link">
                      {row.product}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap">{optionText(row)}</td>
                  <td className="whitespace-nowrap">{row.sku}</td>
                  <td className="text-right">
                    {row.stock}
                    {row.state !== "in" && <span className="block text-grey-600">{row.state === "none" ? "none" : "low"}</span>}
                  </td>
                  <td className="text-right">
                    {row.lowAt}
                    {row.threshold === null && <span className="block text-grey-600">shop&apos;s</span>}
                  </td>
                  {/* Positioned: its hidden label stays inside the grid's scrolling box, not past the page's edge. */}
                  <td className="relative">
                    <input type="hidden" name={`was.${row.variantId}`} value={row.stock} />
                    <label htmlFor={`count-${row.variantId}`} className="sr-only">
                      New count of {row.product}, {optionText(row)} ({row.sku})
                    </label>
                    <input
                      id={`count-${row.variantId}`}
                      name={name}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={MAX_STOCK}
                      step={1}
                      defaultValue={typed(name)}
                      aria-invalid={rowError ? true : undefined}
                      aria-describedby={rowError ? `count-${row.variantId}-error` : undefined}
                      className="w-24 rounded-md border border-grey-300 px-2 py-1"
                    />
                    {rowError && (
                      <p id={`count-${row.variantId}-error`} className="form-error mt-1 max-w-48 text-xs">
                        {rowError}
                      </p>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ListResult>
        {rows.length > 0 && (
          <fieldset className="flex flex-wrap items-end gap-3 rounded-lg border border-grey-200 bg-white p-3">
            <legend className="sr-only">Save the counts typed</legend>
            <div className="flex flex-col gap-1 text-sm">
              <label htmlFor="stock-reason">Why the stock changed</label>
              <select
                id="stock-reason"
                name="reason"
                defaultValue={typed("reason")}
                aria-invalid={failure?.fieldErrors.reason ? true : undefined}
                aria-describedby={failure?.fieldErrors.reason ? "stock-reason-error" : undefined}
                className="rounded-md border border-grey-300 bg-white px-2 py-1.5"
              >
                <option value="">Choose…</option>
                {REASON_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              {failure?.fieldErrors.reason && (
                <p id="stock-reason-error" className="form-error text-xs">
                  {failure.fieldErrors.reason}
                </p>
              )}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <label htmlFor="stock-note">Note (optional)</label>
              <input
                id="stock-note"
                name="note"
                maxLength={500}
                defaultValue={typed("note")}
                aria-invalid={failure?.fieldErrors.note ? true : undefined}
                className="rounded-md border border-grey-300 px-2 py-1.5"
              />
              {failure?.fieldErrors.note && <p className="form-error text-xs">{failure.fieldErrors.note}</p>}
            </div>
            <button type="submit" className="button-primary" disabled={busy}>
              Save the counts
            </button>
          </fieldset>
        )}
        <p className="text-sm text-grey-600">
          A row with an empty count stays as it is. &quot;Low at&quot;: the option&apos;s own threshold, or the shop&apos;s
          setting{grid ? ` (${grid.shopLowAt})` : ""}.
        </p>
      </Form>
    </div>
  );
}
