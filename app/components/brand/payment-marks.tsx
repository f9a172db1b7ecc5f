import { SpriteDrawing } from "../ui/icons";

/*
 * The ways to pay, as small marks of the shop's own drawing (ADR 79; the drawings are symbols of
 * ui/icons.svg): no payment company's logo is copied. Only what the shop takes is shown: bank
 * transfer (paid from the shopper's online or app banking) always, cards only when card payments
 * are configured (ADR 38).
 */

const TILE =
  "flex h-8 items-center gap-1.5 rounded-badge border border-grey-300 bg-white px-2 text-xs font-semibold text-grey-800";

export function PaymentMarks({ cards }: { cards: boolean }) {
  return (
    <ul aria-label="Ways to pay" className="flex flex-wrap gap-2">
      <li className={TILE}>
        <SpriteDrawing symbol="pay-bank" className="size-5" />
        Bank transfer
      </li>
      <li className={TILE}>
        <SpriteDrawing symbol="pay-bank-app" className="size-5" />
        Bank app
      </li>
      {cards && (
        <li className={TILE}>
          <SpriteDrawing symbol="pay-card" className="size-5" />
          Cards
        </li>
      )}
    </ul>
  );
}
