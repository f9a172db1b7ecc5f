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

const digitsOf = new Map<string, number>();

/** How many digits the currency's minor unit has (2 for EUR, 0 for JPY). */
export function fractionDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(currency, digits);
  }
  return digits;
}

/** Minor units as a plain decimal amount ("1234.50"), as a spreadsheet or a form field reads it. */
export function decimalAmount(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  if (digits === 0) return String(minor);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const unit = 10 ** digits;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(digits, "0")}`;
}

/**
 * A typed amount in major units ("12.5", "12.50", "1,234.50", "€12") as exact minor units, read
 * digit by digit (no floating point); null when it is not a plain non-negative amount or has more
 * decimals than the currency. Thousands separators are commas; the decimal mark is a point, or a
 * lone comma followed by one or two digits ("12,50", as many European owners type it).
 */
export function parseAmount(text: string, currency: string): number | null {
  let value = text
    .trim()
    .replace(/^[^\d.,-]+/, "")
    .replace(/\s/g, "");
  if (/^\d+,\d{1,2}$/.test(value)) value = value.replace(",", ".");
  else value = value.replace(/,(?=\d{3}(\D|$))/g, "");
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const digits = fractionDigits(currency);
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** The largest amount typed by default, in the main unit: well inside a price column (PostgreSQL integer). */
export const MAX_MAIN_UNITS = 9_999_999;

/** An amount read from text: its minor units, or why it is not one. */
export type ReadAmount = { ok: true; minor: number } | { ok: false; message: string };

/**
 * A typed amount ("12.50", "12,50", "€12") as minor units of `currency` by parseAmount, or why it
 * is not one: every form of the back office that takes an amount (product prices, delivery
 * methods, membership plans, the catalogue import) reads it here, in the shop's currency.
 * `maxMainUnits`: the largest amount the field takes.
 */
export function readAmount(text: string, currency: string, maxMainUnits: number = MAX_MAIN_UNITS): ReadAmount {
  const typed = text.trim();
  const digits = fractionDigits(currency);
  if (typed.startsWith("-")) return { ok: false, message: "An amount cannot be negative." };
  const minor = parseAmount(typed, currency);
  if (minor === null) {
    const decimals = /\.(\d+)$/.exec(typed)?.[1];
    if (decimals && decimals.length > digits) {
      return { ok: false, message: digits === 0 ? "This currency has no decimals." : `Use at most ${digits} decimals.` };
    }
    return { ok: false, message: `Write the amount as a number, such as ${amountExample(currency)}.` };
  }
  if (minor > maxMainUnits * 10 ** digits) return { ok: false, message: `Use an amount up to ${maxMainUnits}.` };
  return { ok: true, minor };
}

/** An amount as the currency is typed ("12.50" in EUR, "12" in JPY), for a message or a field's hint. */
export function amountExample(currency: string): string {
  const digits = fractionDigits(currency);
  return digits === 0 ? "12" : `12.${"5".padEnd(digits, "0")}`;
}
