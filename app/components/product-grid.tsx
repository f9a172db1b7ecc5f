import type { ProductCard as Card } from "../../server/modules/catalog/index.ts";
import { ProductCard } from "./product-card";

/**
 * Products in a responsive grid; the first row's images load at once, the rest lazily, and the
 * first is fetched first (the page's largest paint on a phone).
 */
export function ProductGrid({ products, currency }: { products: Card[]; currency: string }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} currency={currency} eager={i < 4} first={i === 0} />
        </li>
      ))}
    </ul>
  );
}
