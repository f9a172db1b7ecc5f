/*
 * IBAN and BIC checks (ISO 13616, ISO 9362), pure: the settings form and the server both use them.
 * An IBAN's two check digits make the whole number, read with letters as 10..35 and its first four
 * characters moved to the end, leave 1 when divided by 97: a typo in one character never passes.
 */

/** An IBAN as stored and printed: no spaces, upper case. */
export const compactIban = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** True when `iban` (compact) has an IBAN's shape and its check digits agree (mod 97 = 1). */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A BIC: bank (4 letters), country (2 letters), place (2), maybe a branch (3). */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
