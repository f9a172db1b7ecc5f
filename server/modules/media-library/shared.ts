/*
 * What pages may share of the media library (ADR 53, ADR 78): plain values and types, no server
 * code (a page component that imports this file ships it to the browser).
 */

/** The upload form's file field (several files); its errors are said beside it. */
export const MEDIA_FILES_FIELD = "files";

/** The replace form's file field (one file). */
export const MEDIA_FILE_FIELD = "file";

/** At most this many files in one plain form: each is decoded and encoded again. */
export const MAX_MEDIA_AT_ONCE = 10;

/** The library's lists: every image, those nothing shows, those without a description. */
export const MEDIA_FILTERS = ["all", "unused", "no-alt"] as const;
export type MediaFilter = (typeof MEDIA_FILTERS)[number];

/** Where an image is shown. Customers' profile pictures are private and never in the library. */
export type MediaUseKind = "product" | "category" | "brand" | "news" | "page";

export interface MediaUse {
  kind: MediaUseKind;
  /** The record that shows it (a product's, a category's… id). */
  id: number;
  /** Says where, such as "Gallery of Aero Grip Pro". */
  label: string;
  /** Where staff change that use (or, for a page, where it shows). */
  href: string;
}
