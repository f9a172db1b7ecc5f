import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { ProductCard as Card } from "../../../server/modules/catalog/index.ts";
import { ProductGrid } from "~/components/product-grid";
import { readLoadedPages, writeLoadedPages, type LoadedPage } from "~/lib/loaded-pages";
import { deserialize, type Serialized } from "~/lib/serialized";
import { useHydrated } from "~/lib/use-hydrated";
import { Pagination } from "./pagination";

/**
 * What the grid needs of a listing's page; the route's loader answers `{ result }` for other pages,
 * as JSON text (lib/serialized.ts).
 */
export interface GridPage {
  products: Card[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * A listing's grid and its paging: page links without JavaScript, a "Load more" button with it
 * that appends the next page in place (fetched from the route's own loader at hrefFor(page)).
 */
export function LoadMoreGrid({
  result,
  currency,
  hrefFor,
}: {
  result: GridPage;
  currency: string;
  hrefFor: (page: number) => string;
}) {
  const hydrated = useHydrated();
  const { key: historyKey } = useLocation();
  const fetcher = useFetcher<{ result: Serialized<GridPage> | null }>();
  const [added, setAdded] = useState<LoadedPage<Card>[] | null>(null);
  // Pages added earlier in this history entry come back after hydration (the server cannot
  // know them) or at once on a client-side Back.
  const more = added ?? (hydrated ? readLoadedPages<Card>(historyKey) : []);
  const lastPage = more.length > 0 ? more[more.length - 1]!.page : result.page;
  const next = fetcher.data?.result ? deserialize(fetcher.data.result) : undefined;
  // A newly fetched page joins the list during render (React's pattern for state that follows
  // other data), so it never shows a frame without it.
  if (next && next.page > lastPage) {
    const grown = [...more, { page: next.page, products: next.products }];
    writeLoadedPages(historyKey, grown);
    setAdded(grown);
  }
  const products = [...result.products, ...more.flatMap((p) => p.products)];

  return (
    <>
      <ProductGrid products={products} currency={currency} leads />
      {hydrated ? (
        lastPage < result.pageCount && (
          <div className="mt-10 text-center">
            <button
              type="button"
              className="load-more"
              disabled={fetcher.state !== "idle"}
              onClick={() => fetcher.load(hrefFor(lastPage + 1))}
            >
              {fetcher.state !== "idle" ? "Loading…" : "Load more"}
            </button>
            <p className="mt-2 text-sm text-grey-500">
              Showing {products.length} of {result.total}
            </p>
          </div>
        )
      ) : (
        <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
      )}
    </>
  );
}
