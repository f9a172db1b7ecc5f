/*
 * What pages may share of this module (ADR 53): plain values, no server code (a page component
 * that imports this file ships it to the browser).
 */

/** At most this many images in one upload: each one is decoded and encoded again. */
export const MAX_IMAGES_AT_ONCE = 10;

/** The upload form's file field: its errors are said beside it. */
export const IMAGES_FIELD = "images";
