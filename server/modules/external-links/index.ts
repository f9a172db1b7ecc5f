import { leavingTarget, type LeavingTarget } from "./allow-list.ts";
import { createLinkSignatures } from "./link-signature.ts";
import type { LinkSigner } from "./leaving-path.ts";
import { SOCIAL_ORIGINS } from "./social-links.ts";

export { LEAVING_MESSAGES, leavingTarget, type LeavingTarget } from "./allow-list.ts";
export { LEAVING_PATH, leavingPath, type LinkSigner } from "./leaving-path.ts";
export { createLinkSignatures, type LinkSignatures } from "./link-signature.ts";
export { SOCIAL_LINKS, SOCIAL_ORIGINS, type SocialLink } from "./social-links.ts";

export interface ExternalLinksConfig {
  videoOrigins: readonly string[];
  /** The shop's secret: the key of the signatures on links the shop renders to other sites. */
  secret: string;
}

/**
 * The external-site notice's rule: unsigned, the video provider's origins and the social
 * networks'; signed by the shop (links it rendered itself), any https address.
 */
export function createExternalLinks(config: ExternalLinksConfig) {
  const allowed = new Set([...config.videoOrigins, ...SOCIAL_ORIGINS]);
  const signatures = createLinkSignatures(config.secret);
  return {
    /** Where `/leaving?to=…&sig=…` may send the visitor, or why not. */
    leavingTarget: (to: string | null | undefined, sig?: string | null): LeavingTarget =>
      leavingTarget(to, allowed, { signed: typeof to === "string" && signatures.verify(to, sig) }),
    /** Signs a destination the shop renders a link to (for `leavingPath(url, sign)`). */
    sign: signatures.sign as LinkSigner,
  };
}

export type ExternalLinksService = ReturnType<typeof createExternalLinks>;
