import { data, redirect } from "react-router";
import type { Route } from "./+types/compare-products";
import {
  compareListCookie,
  compareNoticeCookie,
  formatProductIds,
  noticeMessage,
  readCompareList,
  refererPath,
  safeReturnPath,
  type CompareActionResult,
} from "../../../server/modules/compare/shared.ts";
import { CompareForm } from "~/components/compare-form";
import { SharedComparison } from "~/components/compare-shared";
import { CompareTable } from "~/components/compare-table";
import { DifferencesOnly, ShareLink } from "~/components/compare-toolbar";
import { Link } from "~/components/ui/link";
import { pageMeta, siteFrom } from "~/lib/meta";
import { readForm } from "~/lib/forms.server";
import { pageContext } from "../../../server/http/page-context.ts";
import type { RouteHandle } from "~/lib/route-handle";

const PATH = "/compare-products";

// The owner can turn comparing off (feature flag "compare"): the page then does not exist.
export const handle: RouteHandle = { feature: "compare" };

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const names = data?.comparison.products.map((p) => p.name) ?? [];
  const shared = data?.view === "shared" && data.sharePath !== null;
  return [
    ...pageMeta(siteFrom(matches), {
      title: shared ? `Compare ${names.join(" vs ")}` : "Compare products",
      description: shared
        ? `${names.join(", ")} side by side: price, sizes, colours and details.`
        : "Up to four products side by side: price, sizes, colours and every detail.",
      // A shared comparison is shared by its own address; the visitor's list has only this one.
      path: shared ? data.sharePath! : PATH,
    }),
    // Comparisons are endless combinations of product pages that search engines index anyway.
    { name: "robots", content: "noindex, follow" },
  ];
};

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const url = new URL(request.url);
  const own = readCompareList(request.headers.get("Cookie"));
  const { keptList, productIds, ...page } = await context.services.compare.show(
    own,
    { products: url.searchParams.get("products"), diff: url.searchParams.get("diff") },
    await context.viewer(),
  );
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (keptList) headers.append("Set-Cookie", compareListCookie(keptList, context.cookies));
  return data(
    { ...page, productIds: formatProductIds(productIds), publicUrl: context.env.publicUrl, currency: context.env.currency },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store" };
}

/**
 * POST: add, remove, clear, or keep a shared comparison as the list. Forms sent by the page's
 * script (via=fetch) get data back for a toast; plain forms are redirected back to where they
 * came from with a one-time notice.
 */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const list = readCompareList(request.headers.get("Cookie"));
  const form = (await readForm(request)) ?? new FormData();
  const {
    input,
    list: next,
    changed,
    notice,
    status,
  } = await context.services.compare.change(list, form, await context.viewer());
  const headers = new Headers();
  if (changed) headers.append("Set-Cookie", compareListCookie(next, context.cookies));
  if (!input || input.via === "fetch") {
    return data<CompareActionResult>(
      { ok: status === 200, message: noticeMessage(notice), list: [...next] },
      { status, headers },
    );
  }
  headers.append("Set-Cookie", compareNoticeCookie(notice, context.cookies));
  const back =
    input.intent === "keep"
      ? PATH
      : (safeReturnPath(input.returnTo) ?? refererPath(request.headers.get("Referer"), request.url) ?? PATH);
  return redirect(back, { status: 303, headers });
}

export default function CompareProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { view, comparison, rowCount, differencesOnly, requested, ownCount, currency } = loaderData;
  const { products, rows } = comparison;
  const missing = requested - products.length;
  const shareUrl = loaderData.sharePath && loaderData.publicUrl + loaderData.sharePath;

  return (
    <div className="container-page py-8">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{view === "shared" ? "Shared comparison" : "Compare products"}</h1>
          <p className="mt-2 text-grey-600">
            {products.length === 0
              ? "Nothing to compare yet."
              : `${products.length === 1 ? "1 product" : `${products.length} products`} side by side.`}
          </p>
        </div>
        {view === "own" && products.length > 0 && (
          <CompareForm fields={{ intent: "clear" }} returnTo={PATH}>
            <button type="submit" className="compare-button">
              Clear all
            </button>
          </CompareForm>
        )}
      </header>

      {actionData && !actionData.ok && (
        <p role="alert" className="compare-notice mb-4" data-tone="error">
          {actionData.message}
        </p>
      )}
      {missing > 0 && (
        <p className="mb-4 text-sm text-grey-600">
          {missing === 1 ? "One product is" : `${missing} products are`} no longer available and {missing === 1 ? "was" : "were"}{" "}
          left out.
        </p>
      )}

      {view === "shared" && products.length > 0 && (
        <SharedComparison
          isOwnList={loaderData.isOwnList}
          ownCount={ownCount}
          productIds={loaderData.productIds}
          listPath={PATH}
        />
      )}

      {products.length === 0 ? (
        <div className="rounded-lg border border-grey-200 p-8 text-center">
          <p className="font-medium">
            {view === "shared"
              ? "None of the products in this link can be compared any more."
              : "Pick up to 4 products with the Compare button on any product to see them side by side here."}
          </p>
          <Link to="/shop" className="mt-3 inline-block text-mint-700 underline">
            Go to the shop
          </Link>
        </div>
      ) : (
        <>
          <div className="compare-toolbar">
            <div className="flex flex-col gap-2">
              <DifferencesOnly
                action={PATH}
                on={differencesOnly}
                products={view === "shared" ? products.map((p) => p.slug).join(",") : null}
              />
              {!differencesOnly && products.length > 1 && <p className="compare-legend">Marked rows differ.</p>}
            </div>
            {shareUrl && <ShareLink url={shareUrl} />}
          </div>
          {products.length === 1 && <p className="mb-4 text-sm text-grey-600">Add another product to see where they differ.</p>}
          <CompareTable view={view} comparison={comparison} differencesOnly={differencesOnly} currency={currency} />
          {differencesOnly && rows.length === 0 && (
            <p className="mt-4 text-grey-600" role="status">
              These products agree in all {rowCount} details.
            </p>
          )}
        </>
      )}
    </div>
  );
}
