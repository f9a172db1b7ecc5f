import type { ProductCard as Card } from "../../../server/modules/catalog/index.ts";
import { ProductCard } from "../product-card";

/**
 * Other products of the same kind, as the listings show them. Below the fold, so their images
 * load lazily and are not preloaded ahead of the gallery's (ProductGrid makes its first row eager).
 */
export function RelatedProducts({ products, currency }: { products: Card[]; currency: string }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mt-16">
      <h2 id="related-title" className="mb-6 text-2xl font-semibold">
        You may also like
      </h2>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} currency={currency} />
          </li>
        ))}
      </ul>
    </section>
  );
}
