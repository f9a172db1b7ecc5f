/*
 * What the shop takes as an upload, by kind (ADR 46). Pure data: the pages import it to say the
 * limits and to refuse a file too large before sending it, so nothing here may pull in sharp or
 * node: modules.
 */

export const UPLOAD_KINDS = {
  picture: { folder: "pictures", label: "picture", one: "a picture", maxBytes: 5 * 1024 * 1024, maxSide: 1024 },
  "product-image": { folder: "products", label: "image", one: "an image", maxBytes: 10 * 1024 * 1024, maxSide: 2400 },
  /** A category's picture or a brand's logo (the back office's catalogue, ADR 69). */
  "catalogue-image": { folder: "catalogue", label: "image", one: "an image", maxBytes: 10 * 1024 * 1024, maxSide: 1600 },
  /** An image sent to the media library (ADR 78): a cover, a page's picture, any later use. */
  library: { folder: "library", label: "image", one: "an image", maxBytes: 10 * 1024 * 1024, maxSide: 2400 },
  /** A news post's cover (the news editor, ADR 75). */
  "news-image": { folder: "news", label: "image", one: "an image", maxBytes: 10 * 1024 * 1024, maxSide: 2400 },
} as const;

export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The most a request carrying an upload may weigh: the largest file plus the form's other fields. */
export const UPLOAD_REQUEST_BYTES = UPLOAD_KINDS["product-image"].maxBytes + 64 * 1024;

/** A decoded image may have at most this many pixels (a small file can unpack to a huge one). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
