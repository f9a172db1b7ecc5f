/*
 * The external-site notice (SPEC §2): links that leave the shop go through /leaving?to=<address>,
 * which names the destination and only forwards to the hosts the shop links to (the video
 * provider's and its social networks'), or to an https address the shop signed when it rendered
 * the link (an editor's link in a news post or a page: link-signature.ts). Anything else is
 * refused, so the page can never be used to send people from the shop's address to a site of
 * someone else's choosing.
 */

export type LeavingTarget =
  | { ok: true; /** The address, normalised. */ url: string; /** Its host (with a port when it has one). */ host: string }
  | { ok: false; message: string };

export const LEAVING_MESSAGES = {
  missing: "This link does not say where it goes.",
  notAddress: "This link does not go to a web address.",
  notAllowed: (host: string) => `This shop does not send visitors to ${host}.`,
} as const;

/** The longest destination looked at; the shop's own links are far shorter. */
const MAX_LENGTH = 2000;

/**
 * The destination of `/leaving?to=`, when it is an absolute http(s) address (no user name or
 * password) whose origin is one of `allowedOrigins` ("https://www.youtube.com"; http only appears
 * there for loopback hosts), or, when `signed` (the caller checked `to`'s signature), any https
 * address.
 */
export function leavingTarget(
  to: string | null | undefined,
  allowedOrigins: ReadonlySet<string>,
  options: { signed?: boolean } = {},
): LeavingTarget {
  const text = to?.trim() ?? "";
  if (text === "") return { ok: false, message: LEAVING_MESSAGES.missing };
  if (text.length > MAX_LENGTH || !/^https?:\/\//i.test(text)) return { ok: false, message: LEAVING_MESSAGES.notAddress };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: LEAVING_MESSAGES.notAddress };
  }
  if (url.username || url.password) return { ok: false, message: LEAVING_MESSAGES.notAllowed(url.host) };
  const allowed = allowedOrigins.has(url.origin) || (options.signed === true && url.protocol === "https:");
  if (!allowed) return { ok: false, message: LEAVING_MESSAGES.notAllowed(url.host) };
  return { ok: true, url: url.href, host: url.host };
}
