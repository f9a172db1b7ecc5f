const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer minor units (1999) in the shop's currency ("€19.99"). */
export function formatMoney(minorUnits: number, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  const digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
  return formatter.format(minorUnits / 10 ** digits);
}
