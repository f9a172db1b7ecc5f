import { decimalAmount, fractionDigits, parseAmount } from "../../lib/money.ts";

/*
 * Prices as the owner types them (issue 25 §1): the shop's currency in its main unit ("12.50"),
 * read exactly into integer minor units (1250) by the shop's one reading of typed amounts
 * (lib/money.ts parseAmount), with the reason said when it is not one. Pure, so the page writes
 * an amount back into a field the same way.
 */

/** The largest amount typed, in the main unit: well inside a price column (PostgreSQL integer). */
export const MAX_MAIN_UNITS = 9_999_999;

/** An amount read from text: its minor units, or why it is not one. */
export type ReadAmount = { ok: true; minor: number } | { ok: false; message: string };

/** A typed amount ("12.50", "12,50", "€12") as minor units of `currency`, or why it is not one. */
export function readAmount(text: string, currency: string): ReadAmount {
  const typed = text.trim();
  const digits = fractionDigits(currency);
  if (typed.startsWith("-")) return { ok: false, message: "A price cannot be negative." };
  const minor = parseAmount(typed, currency);
  if (minor === null) {
    const decimals = /\.(\d+)$/.exec(typed)?.[1];
    if (decimals && decimals.length > digits) {
      return { ok: false, message: digits === 0 ? "This currency has no decimals." : `Use at most ${digits} decimals.` };
    }
    const example = digits === 0 ? "12" : `12.${"5".padEnd(digits, "0")}`;
    return { ok: false, message: `Write the amount as a number, such as ${example}.` };
  }
  if (minor > MAX_MAIN_UNITS * 10 ** digits) return { ok: false, message: `Use an amount up to ${MAX_MAIN_UNITS}.` };
  return { ok: true, minor };
}

/** Minor units as a field shows them: 1250 -> "12.50". */
export function amountText(minor: number, currency: string): string {
  return decimalAmount(minor, currency);
}
