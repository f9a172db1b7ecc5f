/**
 * The value of one cookie in a Cookie request header, as sent (not decoded); undefined when it is
 * absent. Malformed parts are skipped, never an error: the header is the visitor's to write.
 */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
