export { createImageService, IMAGE_CACHE_CONTROL, type ImageService, type RenderedImage } from "./service.ts";
export { IMAGE_RENDERS_RULE } from "./render-limit.ts";
export { imageError, isImageError, type ImageErrorKind } from "./errors.ts";
export type { ImageRequest, ImageSource } from "./source.ts";
export * from "./presets.ts";
export { imageUrl, imageSrcSet } from "./image-url.ts";

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { storedImageSource } from "./image-url.ts";
export { UPLOAD_KINDS, UPLOAD_REQUEST_BYTES } from "./uploads-rules.ts";
export { createUploads, isUploadedFile, type StoredImage, type UploadedFile, type Uploads } from "./uploads.ts";
