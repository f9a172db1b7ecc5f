import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { LinkSigner } from "./leaving-path.ts";

/*
 * Signatures of the links the shop itself writes to other sites (news and page Markdown, page
 * calls to action): an HMAC-SHA256 of the exact destination under a key derived from the shop's
 * secret. /leaving forwards a signed destination to any https site, so a signature is what tells
 * a link the shop rendered from one somebody typed: the notice is never an open redirect.
 */

export interface LinkSignatures {
  sign: LinkSigner;
  /** Whether `sig` is the signature of exactly `url`. */
  verify(url: string, sig: string | null | undefined): boolean;
}

const SIG_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function createLinkSignatures(secret: string): LinkSignatures {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "external link notice", 32));
  const sign = (url: string) => createHmac("sha256", key).update(url, "utf8").digest("base64url");
  return {
    sign,
    verify(url, sig) {
      if (typeof sig !== "string" || !SIG_PATTERN.test(sig)) return false;
      // Compared as written, not decoded: base64url's last character has spare bits, and only the
      // one spelling the shop wrote is its signature.
      return timingSafeEqual(Buffer.from(sig, "latin1"), Buffer.from(sign(url), "latin1"));
    },
  };
}
