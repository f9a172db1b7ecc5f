import { formatMoney } from "~/lib/money";

/** A price; when on sale, the sale price beside the struck price before the sale. */
export function Price({ price, compareAtPrice, currency }: { price: number; compareAtPrice: number | null; currency: string }) {
  if (compareAtPrice === null || compareAtPrice <= price) return <p className="price">{formatMoney(price, currency)}</p>;
  return (
    <p className="price">
      <span className="sr-only">Sale price </span>
      <span className="price-sale">{formatMoney(price, currency)}</span> <span className="sr-only">, was </span>
      <s>{formatMoney(compareAtPrice, currency)}</s>
    </p>
  );
}
