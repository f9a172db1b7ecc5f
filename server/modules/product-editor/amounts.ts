import { decimalAmount } from "../../lib/money.ts";

/*
 * Prices as the owner types them (issue 25 §1): the shop's currency in its main unit ("12.50"),
 * read exactly into integer minor units (1250) by the shop's one reading of typed amounts
 * (lib/money.ts readAmount over parseAmount, ADR 74), with the reason said when it is not one.
 * Pure, so the page writes an amount back into a field the same way.
 */

export { MAX_MAIN_UNITS, readAmount, type ReadAmount } from "../../lib/money.ts";

/** Minor units as a field shows them: 1250 -> "12.50". */
export function amountText(minor: number, currency: string): string {
  return decimalAmount(minor, currency);
}
