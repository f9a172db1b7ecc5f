import { useRef } from "react";
import { EmptyRow } from "~/components/admin/list-result";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/products-bulk";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { listHref } from "~/components/admin/list-href";
import { Link } from "~/components/ui/link";
import { staffScope } from "~/lib/admin-actions.server";
import { listFailure } from "~/lib/admin-lists.server";
import { flashCookie } from "~/lib/flash";
import { formContents, formFailure } from "~/lib/forms.server";
import { PRODUCTS_NOTICE_COOKIE, PRODUCTS_NOTICE_PATH } from "~/lib/products-notice";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import type { BulkLine } from "../../../server/modules/product-bulk/index.ts";
import { BULK_PATH, BULK_PREVIEW_PAGE_SIZE, LIST_PARAMS } from "../../../server/modules/product-bulk/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A bulk edit's preview (issue 25 §3, ADR 71): the list's form sends its selection and change here
 * (a GET, so the address says what is previewed and Back returns to the list). The page says
 * product by product, option by option for prices, what would change (field: old → new) and what
 * is refused and why, 100 lines a page; nothing changes until "Apply", which posts the same input
 * with the preview's fingerprint and goes back to the list with what it did.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Bulk edit · Products · Back office" }];

/** The input a preview and its apply share: the list's parameters and the bulk edit's own. */
const INPUT_PARAMS = new Set<string>([...LIST_PARAMS, "id", "all", "shown", "action", "value", "moveTo"]);
const SHOWS = ["all", "change", "refused"] as const;
type Show = (typeof SHOWS)[number];

/** The product list as it was when the edit was chosen. */
function listOf(params: URLSearchParams): string {
  const kept = new URLSearchParams([...params].filter(([name]) => (LIST_PARAMS as readonly string[]).includes(name)));
  return listHref("/admin/products", kept, {});
}

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const params = new URL(request.url).searchParams;
  const input = [...params].filter(([name]) => INPUT_PARAMS.has(name));
  const back = listOf(params);
  const show: Show = (SHOWS as readonly string[]).includes(params.get("show") ?? "") ? (params.get("show") as Show) : "all";
  const wanted = Number(params.get("previewPage") ?? "1");
  try {
    const preview = await context.services.productBulk.preview(context, new URLSearchParams(input));
    const lines = show === "all" ? preview.lines : preview.lines.filter((line) => line.outcome === show);
    const pages = Math.max(1, Math.ceil(lines.length / BULK_PREVIEW_PAGE_SIZE));
    const page = Number.isInteger(wanted) && wanted >= 1 && wanted <= pages ? wanted : 1;
    return {
      input,
      back,
      show,
      error: null,
      preview: {
        what: preview.what,
        counts: preview.counts,
        fingerprint: preview.fingerprint,
        matching: params.getAll("all").includes("matching"),
        lines: lines.slice((page - 1) * BULK_PREVIEW_PAGE_SIZE, page * BULK_PREVIEW_PAGE_SIZE),
        total: lines.length,
        page,
        pages,
      },
    };
  } catch (error) {
    // A selection or a value the schema refuses: said above a way back, never an error page.
    return data({ input, back, show, error: listFailure(error), preview: null }, { status: 400 });
  }
}

const plural = (count: number, one: string) => `${count.toLocaleString("en")} ${one}${count === 1 ? "" : "s"}`;

/** Applies the previewed edit and goes back to the list, which says what was done. */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  // The boxes share one name: every value counts, not the last one only.
  const raw = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === "string") raw.append(name, value);
  try {
    const { counts } = await context.services.productBulk.apply(staffScope(context), raw);
    const options = counts.options > 0 ? ` (${plural(counts.options, "option")})` : "";
    const left =
      counts.refused > 0
        ? ` ${plural(counts.refused, "refused line")} left as ${counts.refused === 1 ? "it was" : "they were"}.`
        : "";
    const message = `Bulk edit applied: ${plural(counts.products, "product")} changed${options}; the shop shows it now.${left}`;
    return redirect(listOf(raw), {
      status: 303,
      headers: { "Set-Cookie": flashCookie(PRODUCTS_NOTICE_COOKIE, PRODUCTS_NOTICE_PATH, { kind: "success", message }) },
    });
  } catch (error) {
    return formFailure(error, fields);
  }
}

// Refused as stale (409): the preview is read again as it is now, with its new fingerprint.
export const shouldRevalidate = revalidateAfterRefusal;

function Change({ line }: { line: BulkLine }) {
  return (
    <ul>
      {line.changes.map((change) => (
        <li key={change.key}>
          {change.field}: <span className="text-grey-600 line-through">{change.from}</span> → {change.to}
        </li>
      ))}
    </ul>
  );
}

export default function ProductsBulk({ loaderData, actionData }: Route.ComponentProps) {
  const { input, back, show, error, preview } = loaderData;
  const { search } = useLocation();
  const failure = failureOf(actionData);
  const busy = useNavigation().state !== "idle";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const counts = preview?.counts;
  const applicable = counts ? counts.products > 0 : false;
  return (
    <div ref={page} className="flex flex-col gap-5">
      <div>
        <p className="text-sm">
          <Link to={back} className="text-link">
            Back to the products
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Bulk edit: preview</h1>
      </div>
      {error && (
        <p role="alert" className="form-error" data-testid="bulk-error">
          {error}
        </p>
      )}
      {preview && counts && (
        <>
          <p data-testid="bulk-what">
            <strong>{preview.what}</strong>, on{" "}
            {preview.matching
              ? counts.selected === 1
                ? "the 1 product that matches the filter"
                : `all ${plural(counts.selected, "product")} that match the filter`
              : `the ${plural(counts.selected, "product")} ticked`}
            . Nothing has changed yet.
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="bulk-counts">
            {(
              [
                ["Products that change", counts.products],
                ["Options that change", counts.options],
                ["Refused", counts.refused],
                ["Unchanged products", counts.unchanged],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-md border border-grey-200 p-2">
                <dt className="text-grey-600">{label}</dt>
                <dd className="text-lg font-semibold">{value.toLocaleString("en")}</dd>
              </div>
            ))}
          </dl>
          <FormNotices message={null} failure={failure} shown={[]} />
          {applicable ? (
            <Form
              method="post"
              action={`${BULK_PATH}${search}`}
              className="flex flex-col gap-2 rounded-lg border border-grey-200 p-4"
            >
              {input.map(([name, value], index) => (
                <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="fingerprint" value={preview.fingerprint} />
              <p className="text-sm">
                Applying changes {plural(counts.products, "product")}
                {counts.options > 0 ? ` (${plural(counts.options, "option")})` : ""} at once, as listed below.
                {counts.refused > 0 && ` The ${plural(counts.refused, "refused line")} stay as they are.`}
              </p>
              <button type="submit" className="button-primary self-start" disabled={busy}>
                Apply to {plural(counts.products, "product")}
              </button>
            </Form>
          ) : (
            <p className="rounded-md border border-grey-200 p-3 text-sm" data-testid="bulk-nothing">
              Nothing would change{counts.refused > 0 ? ": every line is refused (see why below)" : ""}.
            </p>
          )}
          <nav aria-label="Lines to show" className="flex flex-wrap gap-2 text-sm">
            {SHOWS.map((one) => (
              <Link
                key={one}
                to={listHref(BULK_PATH, search, { show: one === "all" ? null : one, previewPage: null })}
                aria-current={one === show ? "page" : undefined}
                className={one === show ? "button-primary" : "button-secondary"}
              >
                {{ all: "All lines", change: "Changes", refused: "Refused" }[one]}
              </Link>
            ))}
          </nav>
          <div className="overflow-x-auto rounded-lg border border-grey-200 bg-white">
            <table className="admin-table w-full text-left text-sm" data-testid="bulk-lines">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Option</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {preview.lines.length === 0 && <EmptyRow columns={3}>No lines.</EmptyRow>}
                {preview.lines.map((line) => (
                  <tr key={`${line.productId}-${line.option?.id ?? ""}`} data-outcome={line.outcome}>
                    <td>
                      <Link to={`/admin/products/${line.productId}`} className="text-link">
                        {line.product}
                      </Link>
                    </td>
                    <td>
                      {line.option ? (
                        <>
                          <span className="block">{line.option.sku}</span>
                          <span className="text-grey-600">
                            {line.option.colour}, {line.option.size}
                          </span>
                        </>
                      ) : (
                        <span className="text-grey-600">—</span>
                      )}
                    </td>
                    <td>
                      {line.outcome === "refused" ? (
                        <>
                          <p className="font-medium text-red-700">Refused: {line.reason}</p>
                          {line.changes.length > 0 && <Change line={line} />}
                        </>
                      ) : (
                        <Change line={line} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages of lines" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-grey-600">
              Page {preview.page} of {preview.pages} · {plural(preview.total, "line")}
            </p>
            <div className="flex gap-2">
              {preview.page > 1 && (
                <Link className="button-secondary" rel="prev" to={listHref(BULK_PATH, search, { previewPage: preview.page - 1 })}>
                  Previous
                </Link>
              )}
              {preview.page < preview.pages && (
                <Link className="button-secondary" rel="next" to={listHref(BULK_PATH, search, { previewPage: preview.page + 1 })}>
                  Next
                </Link>
              )}
            </div>
          </nav>
        </>
      )}
    </div>
  );
}
