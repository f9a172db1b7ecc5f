import { formatMoney } from "~/lib/money";

/** A price; when on sale, the sale price beside the struck price before the sale. */
export function Price({ price, compareAtPrice, currency }: { price: number; compareAtPrice: number | null; currency: string }) {
  const onSale = compareAtPrice !== null && compareAtPrice > price;
  return (
    <p className="flex items-baseline gap-2">
      <span className={onSale ? "font-semibold text-danger-600" : "font-semibold"}>
        {onSale && <span className="sr-only">Sale price </span>}
        {formatMoney(price, currency)}
      </span>
      {onSale && (
        <s className="text-sm text-grey-500">
          <span className="sr-only">Was </span>
          {formatMoney(compareAtPrice, currency)}
        </s>
      )}
    </p>
  );
}
