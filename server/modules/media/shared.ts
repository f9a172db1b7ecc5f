// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here: what a page component takes
// from this file ships to the browser.
export { imageSrcSet, imageUrl, storedImageSource } from "./image-url.ts";
export { IMAGE_PRESETS, type ImagePresetName, type ImageWidth } from "./presets.ts";
export { UPLOAD_KINDS } from "./uploads-rules.ts";
// Where the seed's drawn pictures live in the media folder (pure data; the pages show them
// wherever the owner has not uploaded a picture of their own).
export {
  HERO_ARTWORK,
  HERO_PORTRAIT_ARTWORK,
  LAUNCH_TEASER_ARTWORK,
  MEMBERSHIP_CARD_ARTWORK,
  pageArtworkPath,
  SHARE_ARTWORK,
} from "../../db/seed/artwork-paths.ts";
