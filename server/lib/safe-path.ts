const BASE = "http://shop.invalid";

/**
 * A path within the shop to send a visitor back to (after login, after a compare form), or null:
 * only a same-site path such as "/shop/gloves?size=8", never anything a browser would resolve to
 * another site: "//evil.example", "/\\evil.example", "/.//evil.example" (dot segments), tabs or
 * line breaks inside (browsers drop them), "https:...", "javascript:...". The path is checked as
 * the WHATWG URL parser resolves it, and that resolved form is what comes back (the hash dropped).
 */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048 || !value.startsWith("/")) return null;
  // Control characters and backslashes have no place in a path the shop writes.
  if (/[\p{Cc}\\]/u.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search;
  // Resolved, "/.//evil.example" is "//evil.example": as a Location it would leave the site.
  return path.startsWith("//") || path.startsWith("/\\") ? null : path;
}
