export { createImageService, IMAGE_CACHE_CONTROL, type ImageService, type RenderedImage } from "./service.ts";
export { IMAGE_RENDERS_RULE } from "./render-limit.ts";
export { imageError, isImageError, type ImageErrorKind } from "./errors.ts";
export type { ImageRequest, ImageSource } from "./source.ts";
export * from "./presets.ts";
export { imageUrl, imageSrcSet } from "./image-url.ts";
