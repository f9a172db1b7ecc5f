import { formatMoney } from "~/lib/money";
import { membersPay, unitPriceFor, type PricedOption, type PriceRule } from "../../server/modules/membership/shared.ts";

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

/**
 * An option's price as `rule` shows it (ADR 41): a member sees what they pay, labelled, beside the
 * struck list price; everyone else the list price (sale and all) and, when members pay less,
 * "Members pay X". Renders no hook or context: product cards cache it (their variant names the rule).
 */
export function MemberAwarePrice({
  option,
  rule,
  currency,
}: {
  option: PricedOption & { compareAtPrice: number | null };
  rule: PriceRule;
  currency: string;
}) {
  const pay = unitPriceFor(rule, option);
  if (rule.member && pay < option.price) {
    return (
      <p className="price" data-member-price="">
        <span className="sr-only">Member price </span>
        <span className="price-sale">{formatMoney(pay, currency)}</span> <span className="sr-only">, list price </span>
        <s>{formatMoney(option.compareAtPrice ?? option.price, currency)}</s>
        <span className="member-badge">Member price</span>
      </p>
    );
  }
  const members = membersPay(rule, option);
  return (
    <>
      <Price price={option.price} compareAtPrice={option.compareAtPrice} currency={currency} />
      {members !== null && (
        <p data-members-pay="">
          <span className="member-badge">{`Members pay ${formatMoney(members, currency)}`}</span>
        </p>
      )}
    </>
  );
}
