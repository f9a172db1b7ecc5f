// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here: what a page component takes
// from this file ships to the browser.
export { imageSrcSet, imageUrl, storedImageSource } from "./image-url.ts";
export { IMAGE_PRESETS, type ImagePresetName, type ImageWidth } from "./presets.ts";
export { UPLOAD_KINDS } from "./uploads-rules.ts";
