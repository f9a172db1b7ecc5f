import type { CSSProperties } from "react";
import type { ProductCard as Card } from "../../server/modules/catalog/index.ts";
import { CardImage } from "./card-image";
import { CompareToggleButton, useInCompareList } from "./compare-toggle";
import { CachedHtml } from "./ui/cached-html";
import { MemberAwarePrice } from "./price";
import { useFeature } from "~/lib/features";
import { usePriceRule } from "~/lib/price-rule";
import { priceRuleKey, type PriceRule } from "../../server/modules/membership/shared.ts";
import { QuickAdd } from "./quick-add";
import { Link } from "./ui/link";

// Grid cards are a quarter to half of the screen wide: these renderings cover phones to wide screens.
const CARD_WIDTHS = [240, 320, 480, 640, 800] as const;
const CARD_SIZES = "(min-width: 1280px) 22vw, (min-width: 768px) 30vw, 46vw";

/**
 * One product in a grid. Grids repeat this dozens of times per page, so its styles live in
 * app.css (.product-card) rather than in long class lists, and the server renders its parts once
 * per cached answer (CachedHtml). An image that loads eagerly (the first row) is rendered in
 * place: React hoists a preload of it into the page's head, which a part rendered on its own
 * would lose.
 */
export function ProductCard({
  product,
  currency,
  eager = false,
  first = false,
}: {
  product: Card;
  currency: string;
  eager?: boolean;
  /** The grid's first card: its image is asked for before anything else. */
  first?: boolean;
}) {
  const inList = useInCompareList(product.id);
  // Off, the card has no compare button (the owner's `compare` flag): part of the cached HTML's variant.
  const compare = useFeature("compare");
  // Members and everyone else see other prices on the same shared card: the rule is part of the
  // cached HTML's variant, so one never gets the other's (ADR 41).
  const rule = usePriceRule();
  return (
    // Full height of its grid cell: the actions sit at the foot of every card in a row (pages.css).
    <article className="product-card h-full" data-testid="product-card">
      {eager ? (
        <div className="product-card-media">
          <CardMedia product={product} eager first={first} />
        </div>
      ) : (
        <CachedHtml tag="div" className="product-card-media" source={product} variant="lazy">
          <CardMedia product={product} eager={false} />
        </CachedHtml>
      )}
      <CachedHtml
        tag="div"
        className="product-card-body"
        source={product}
        variant={`${currency} ${compare && inList} ${compare} ${priceRuleKey(rule)}`}
      >
        <CardBody product={product} currency={currency} inList={inList} compare={compare} rule={rule} />
      </CachedHtml>
    </article>
  );
}

function CardMedia({ product, eager, first = false }: { product: Card; eager: boolean; first?: boolean }) {
  const badge = !product.inStock ? "Out of stock" : product.compareAtPrice !== null ? "Sale" : null;
  return (
    <>
      {product.image && (
        <CardImage
          image={product.image}
          widths={CARD_WIDTHS}
          sizes={CARD_SIZES}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={first ? "high" : undefined}
        />
      )}
      {/* Shown on hover where a pointer hovers (pages.css); hidden till then, so a lazy image is not fetched before. */}
      {product.hoverImage && (
        <CardImage
          image={product.hoverImage}
          widths={CARD_WIDTHS}
          sizes={CARD_SIZES}
          alt=""
          className="card-hover-image"
          data-testid="card-hover-image"
        />
      )}
      {badge && <span data-badge={badge === "Sale" ? "sale" : "sold-out"}>{badge}</span>}
    </>
  );
}

function CardBody({
  product,
  currency,
  inList,
  compare,
  rule,
}: {
  product: Card;
  currency: string;
  inList: boolean;
  compare: boolean;
  rule: PriceRule;
}) {
  return (
    <>
      <p className="product-card-brand">{product.brand.name}</p>
      <h3 className="product-card-name">
        <Link to={`/shop/${product.categorySlug}/${product.slug}`}>{product.name}</Link>
      </h3>
      <MemberAwarePrice option={product} rule={rule} currency={currency} />
      {product.colours.length > 0 && (
        <p className="card-colours" role="img" aria-label={`Colours: ${product.colours.map((c) => c.name).join(", ")}`}>
          <span style={swatchStyle(product.colours.slice(0, SHOWN_COLOURS))} />
          {product.colours.length > SHOWN_COLOURS && <span aria-hidden="true">+{product.colours.length - SHOWN_COLOURS}</span>}
        </p>
      )}
      {/* At the card's foot (mt-auto), so every card of a row has its button at one height. */}
      <div className="card-actions">
        {product.inStock ? (
          <QuickAdd slug={product.slug} categorySlug={product.categorySlug} name={product.name} />
        ) : (
          <p className="card-sold-out">Sold out</p>
        )}
      </div>
      {/* Over the picture's top corner (pages.css): small, yet a 44 px target. */}
      {compare && <CompareToggleButton productId={product.id} productName={product.name} inList={inList} compact />}
    </>
  );
}

/** Dots shown before "+N": four fit beside the count on a phone's half-width card. */
const SHOWN_COLOURS = 4;

/**
 * The colour dots, drawn as background layers of one element: a card is repeated two dozen times a
 * page, and one element renders and weighs less than a list of them.
 */
function swatchStyle(colours: readonly { hex: string }[]): CSSProperties {
  const dots = colours.map(
    (c, i) => `radial-gradient(circle, ${c.hex} 0 6.5px, #c2c7c9 7px 7.5px, transparent 8px) ${i * 20}px 0 / 16px 16px no-repeat`,
  );
  return { display: "inline-block", height: "16px", width: `${colours.length * 20 - 4}px`, background: dots.join(",") };
}
