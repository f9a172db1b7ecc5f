const formatters = new Map<string, Intl.NumberFormat>();
// Intl formatting costs microseconds a call and a page shows the same few prices many times;
// a bounded memo of formatted amounts per currency makes it a map lookup.
const formatted = new Map<string, Map<number, string>>();
const MEMO_LIMIT = 5000;

/** Formats integer minor units (1999) in the shop's currency ("€19.99"). */
export function formatMoney(minorUnits: number, currency: string): string {
  let memo = formatted.get(currency);
  const known = memo?.get(minorUnits);
  if (known !== undefined) return known;
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  const text = formatter.format(minorUnits / 10 ** digits);
  if (!memo) formatted.set(currency, (memo = new Map()));
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(minorUnits, text);
  return text;
}

const symbols = new Map<string, string>();

/** The currency's symbol as the shop writes prices ("€" for EUR). */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    const parts = new Intl.NumberFormat("en", { style: "currency", currency }).formatToParts(0);
    symbol = parts.find((p) => p.type === "currency")?.value ?? currency;
    symbols.set(currency, symbol);
  }
  return symbol;
}
