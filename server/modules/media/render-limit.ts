import type { RateLimitRule } from "../rate-limit/index.ts";

/**
 * Renderings one network address may have the image endpoint make per minute (issue 10 F6): only
 * work counts, a rendering already on disk does not. A listing page on a cold cache asks for one
 * rendering per card (48 at most); a shopper browsing ten listings a minute stays far below, and
 * so do the many shoppers behind one office or mobile carrier address. A script asking for
 * endless widths and sources does not.
 */
export const IMAGE_RENDERS_RULE: RateLimitRule = { name: "image-renders", limit: 600, windowMs: 60_000 };
