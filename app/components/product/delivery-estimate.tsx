import type { DeliveryEstimate as Estimate } from "~/lib/delivery-words";
import { formatMoney } from "~/lib/money";

/**
 * How long delivery takes, by the add-to-bag button: the shop's standard delivery to its home
 * country, the shop's dispatch time included (lib/delivery-words.ts, ADR 81).
 */
export function DeliveryEstimate({ estimate, currency }: { estimate: Estimate | null; currency: string }) {
  if (!estimate) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-grey-700" data-testid="delivery-estimate">
      <svg
        viewBox="0 0 24 24"
        className="mt-0.5 size-5 shrink-0 text-mint-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7z" strokeLinejoin="round" />
        <circle cx="7" cy="17" r="1.8" />
        <circle cx="17" cy="17" r="1.8" />
      </svg>
      <span>
        Delivered in <strong className="font-semibold text-grey-900">{estimate.days}</strong> to {estimate.country}
        {estimate.freeFrom !== null && <>, free from {formatMoney(estimate.freeFrom, currency)}</>}.
      </span>
    </p>
  );
}
