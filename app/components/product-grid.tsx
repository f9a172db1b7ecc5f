import type { ProductCard as Card } from "../../server/modules/catalog/index.ts";
import { ProductCard } from "./product-card";

/**
 * Products in a responsive grid. Where the grid leads the page (a listing), the first row's
 * images load at once and the first is fetched first: it is the largest paint on a phone. Below
 * a hero or a cover (home, a page's blocks) every image waits for its turn, so none
 * competes with the picture above it.
 */
export function ProductGrid({ products, currency, leads = false }: { products: Card[]; currency: string; leads?: boolean }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} currency={currency} eager={leads && i < 4} first={leads && i === 0} />
        </li>
      ))}
    </ul>
  );
}
