import { freeDeliveryWords, type FreeDeliveryNote } from "~/lib/delivery-words";

/**
 * How far the bag is from free standard delivery ("€12.00 more for free delivery"), with a bar
 * that fills as it gets there; or that delivery is free, or that this shop has no threshold.
 */
export function FreeDeliveryMeter({ note, currency, country }: { note: FreeDeliveryNote; currency: string; country: string }) {
  const words = freeDeliveryWords(note, currency);
  return (
    <div className="flex flex-col gap-1.5" data-testid="free-delivery">
      <p className={`text-sm ${note.kind === "short" ? "font-semibold text-grey-900" : "text-grey-700"}`}>
        {note.kind === "free" || note.kind === "member" ? <span className="font-semibold text-mint-800">{words}</span> : words}
      </p>
      {note.kind === "short" && (
        // Decorative: the sentence above says the same in words.
        <div className="h-2 overflow-hidden rounded-full bg-grey-200" aria-hidden="true">
          <div className="h-full rounded-full bg-mint-600" style={{ width: `${Math.round(note.progress * 100)}%` }} />
        </div>
      )}
      {note.kind !== "none" && note.kind !== "member" && (
        <p className="text-xs text-grey-600">Standard delivery to {country}; other countries at checkout.</p>
      )}
    </div>
  );
}
