import { Link } from "./ui/link";
import type { ProductCard as Card } from "../../server/modules/catalog/index.ts";
import { mediaUrl } from "~/lib/media";
import { Price } from "./price";

export function ProductCard({ product, currency, eager = false }: { product: Card; currency: string; eager?: boolean }) {
  const href = `/shop/${product.categorySlug}/${product.slug}`;
  return (
    <article className="group relative flex flex-col gap-2" data-testid="product-card">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-grey-100">
        {product.image && (
          <img
            src={mediaUrl(product.image.path)}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-105"
          />
        )}
        {!product.inStock && (
          <span className="absolute top-2 left-2 rounded bg-grey-900/85 px-2 py-1 text-xs font-medium text-white">Out of stock</span>
        )}
        {product.inStock && product.compareAtPrice !== null && (
          <span className="absolute top-2 left-2 rounded bg-danger-500 px-2 py-1 text-xs font-medium text-white">Sale</span>
        )}
      </div>
      <p className="text-xs tracking-wide text-grey-500 uppercase">{product.brand.name}</p>
      <h3 className="text-sm leading-snug font-medium">
        <Link to={href} className="after:absolute after:inset-0">
          {product.name}
        </Link>
      </h3>
      <Price price={product.price} compareAtPrice={product.compareAtPrice} currency={currency} />
      {product.colours.length > 0 && (
        <ul className="flex gap-1" aria-label="Colours">
          {product.colours.map((colour) => (
            <li key={colour.name} title={colour.name} className="size-4 rounded-full border border-grey-300" style={{ backgroundColor: colour.hex }}>
              <span className="sr-only">{colour.name}</span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
