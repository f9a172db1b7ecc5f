import type { ProductCard } from "../../../server/modules/catalog/index.ts";
import { usePriceRule } from "~/lib/price-rule";
import { CardImage } from "../card-image";
import { MemberAwarePrice } from "../price";
import { Link } from "../ui/link";

// Four cards across at most: a quarter of the article's width up to half a phone's.
const STORY_WIDTHS = [240, 320, 480, 640] as const;

/**
 * "Shop the story" under a post (ADR 82): each product's picture, brand, name and price, the whole
 * card a link to its page. Not the listing's card: a reader who wants the gloves chooses a size on
 * the product page, and a post stays within its JavaScript budget without quick add and compare.
 */
export function StoryProducts({ products, currency }: { products: ProductCard[]; currency: string }) {
  const rule = usePriceRule();
  return (
    <section aria-labelledby="shop-the-story" className="mt-16">
      <h2 id="shop-the-story" className="mb-6 font-display text-3xl font-bold tracking-tight uppercase">
        Shop the story
      </h2>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-4">
        {products.map((product) => (
          <li key={product.id}>
            <article className="product-card" data-testid="story-product">
              <div className="product-card-media">
                {product.image && (
                  <CardImage image={product.image} widths={STORY_WIDTHS} sizes="(min-width: 768px) 22vw, 46vw" />
                )}
                {!product.inStock && <span data-badge="sold-out">Out of stock</span>}
              </div>
              <p className="product-card-brand">{product.brand.name}</p>
              <h3 className="product-card-name">
                <Link to={`/shop/${product.categorySlug}/${product.slug}`}>{product.name}</Link>
              </h3>
              <MemberAwarePrice option={product} rule={rule} currency={currency} />
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
