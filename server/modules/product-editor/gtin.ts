/*
 * Barcodes of options (issue 25 §1): a GTIN, the number under a product's bars. GTIN-8 (EAN-8),
 * GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14 share one check digit rule (GS1): the digits
 * before the last, weighted 3, 1, 3, ... from the right, and the last digit brings the sum to a
 * multiple of ten. Pure, so the editor's page may use it too.
 */

/** The lengths a GTIN has. */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** The check digit the digits before it call for. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - 1 - i;
    sum += Number(body[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Why `code` is no GTIN, or null when it is one (digits only, a GTIN's length, its check digit right). */
export function gtinProblem(code: string): string | null {
  if (!/^\d+$/.test(code)) return "A barcode is digits only.";
  if (!(GTIN_LENGTHS as readonly number[]).includes(code.length)) return "A barcode has 8, 12, 13 or 14 digits.";
  const check = gtinCheckDigit(code.slice(0, -1));
  if (Number(code.at(-1)) !== check)
    return `This barcode's last digit (its check digit) should be ${check}: check it for a typing slip.`;
  return null;
}

export function isGtin(code: string): boolean {
  return gtinProblem(code) === null;
}
