/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first) gets
 * a leading apostrophe, so it shows as the text it is (OWASP's advice on CSV injection). Every CSV
 * the back office hands out guards its cells with this: names and e-mail addresses come from
 * shoppers, and an address may well start with one of these.
 */
export function guardCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
