/**
 * Whether `code` is a GTIN (GTIN-8, UPC-A 12, EAN-13 or GTIN-14) whose last digit is its check
 * digit (GS1's mod-10: from the right, weights 3 and 1 alternate over the digits before it).
 */
export function isGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  let sum = 0;
  digits.reverse().forEach((digit, index) => (sum += digit * (index % 2 === 0 ? 3 : 1)));
  return (10 - (sum % 10)) % 10 === check;
}
