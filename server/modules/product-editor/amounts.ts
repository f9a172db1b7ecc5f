/*
 * Prices as the owner types them (issue 25 §1): the shop's currency in its main unit ("12.50"),
 * read exactly into integer minor units (1250), never through floating point. Pure, so the page
 * can write an amount back into a field the same way.
 */

/** How many minor-unit digits the currency has (2 for EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The largest amount typed, in the main unit: well inside a price column (PostgreSQL integer). */
export const MAX_MAIN_UNITS = 9_999_999;

/** An amount read from text: its minor units, or why it is not one. */
export type ReadAmount = { ok: true; minor: number } | { ok: false; message: string };

/** "12.50", "12.5", "12" to minor units; anything else (a comma, a sign, too many decimals) is refused, saying why. */
export function readAmount(text: string, digits: number): ReadAmount {
  const typed = text.trim();
  const example = digits === 0 ? "12" : `12.${"5".padEnd(digits, "0")}`;
  if (typed.startsWith("-")) return { ok: false, message: "A price cannot be negative." };
  if (/^\d+,\d+$/.test(typed)) return { ok: false, message: `Write the decimals after a dot: ${example}.` };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(typed);
  if (!match) return { ok: false, message: `Write the amount as a number, such as ${example}.` };
  const [, whole, fraction = ""] = match;
  if (fraction.length > digits) {
    return { ok: false, message: digits === 0 ? "This currency has no decimals." : `Use at most ${digits} decimals.` };
  }
  if (Number(whole) > MAX_MAIN_UNITS) return { ok: false, message: `Use an amount up to ${MAX_MAIN_UNITS}.` };
  return { ok: true, minor: Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0") };
}

/** Minor units as a field shows them: 1250 -> "12.50". */
export function amountText(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, "0");
  return `${minor < 0 ? "-" : ""}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
