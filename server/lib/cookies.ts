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

export interface SetCookieOptions {
  /** Where the browser sends it back; "/" unless only some pages need it. */
  path?: string;
  /** Seconds it lasts; 0 deletes it. */
  maxAge: number;
  /** Hidden from scripts; true unless the browser's own code must read it. */
  httpOnly?: boolean;
  /** The shop is served over HTTPS: the cookie travels over it only. */
  secure: boolean;
}

/** What a module that sets cookies is told of the shop: whether it is served over HTTPS. */
export type CookieSecurity = Pick<SetCookieOptions, "secure">;

/**
 * A Set-Cookie value for one of the shop's cookies. All of them are SameSite=Lax: another site's
 * links bring them along, its forms and scripts do not. `value` goes in as given: encode it first
 * if it can hold anything but cookie-safe characters.
 */
export function setCookie(
  name: string,
  value: string,
  { path = "/", maxAge, httpOnly = true, secure }: SetCookieOptions,
): string {
  return [
    `${name}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAge}`,
    ...(httpOnly ? ["HttpOnly"] : []),
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
