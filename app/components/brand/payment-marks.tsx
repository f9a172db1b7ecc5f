/*
 * The ways to pay, as small marks of the shop's own drawing (ADR 79): no payment company's logo is
 * copied. Only what the shop takes is shown: bank transfer (paid from the shopper's online or app
 * banking) always, cards only when card payments are configured (ADR 38).
 */

const TILE = "flex h-8 items-center gap-1.5 rounded-badge border border-grey-300 bg-white px-2 text-xs font-semibold text-grey-800";

function BankMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M3 9.5 12 4l9 5.5H3z" />
      <path d="M5.5 10v7M10 10v7M14 10v7M18.5 10v7M3.5 20h17" strokeLinecap="round" />
    </svg>
  );
}

function BankAppMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" stroke="currentColor" />
      <path d="m9.5 12 2 2 3.5-4" className="stroke-mint-700" />
    </svg>
  );
}

function CardMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M2.5 9.5h19" />
      <rect x="5.5" y="13" width="4" height="3" rx="0.5" className="fill-saving-300" />
    </svg>
  );
}

export function PaymentMarks({ cards }: { cards: boolean }) {
  return (
    <ul aria-label="Ways to pay" className="flex flex-wrap gap-2">
      <li className={TILE}>
        <BankMark />
        Bank transfer
      </li>
      <li className={TILE}>
        <BankAppMark />
        Bank app
      </li>
      {cards && (
        <li className={TILE}>
          <CardMark />
          Cards
        </li>
      )}
    </ul>
  );
}
