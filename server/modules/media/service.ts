import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import sharp from "sharp";
import { imageError } from "./errors.ts";
import { IMAGE_PRESETS } from "./presets.ts";
import { createCacheBound } from "./cache-bound.ts";
import { fetchRemoteImage } from "./remote.ts";
import { imageRequestSchema, parseImageRequest, type ImageRequest, type ImageSource } from "./source.ts";

/** A rendering's address names its preset, width and source, so it never changes: a year, immutable. */
export const IMAGE_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const REMOTE_TIMEOUT_MS = 5_000;
export const MAX_SOURCE_BYTES = 10 * 1024 * 1024;
/** Decompression-bomb guard: sources above 40 megapixels (about 6300 x 6300) are refused. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The most the rendering cache keeps on disk by default (IMAGE_CACHE_MB); the oldest go first. */
export const IMAGE_CACHE_MAX_BYTES = 512 * 1024 * 1024;
/** Bump to drop every cached rendering (a change of the transform itself). */
const CACHE_VERSION = 1;

export interface ImageServiceOptions {
  /** DATA_DIR: sources are read from DATA_DIR/media, renderings kept in DATA_DIR/image-cache. */
  dataDir: string;
  /** IMAGE_HOSTS: hosts remote sources may come from. */
  allowedHosts?: readonly string[];
  fetchTimeoutMs?: number;
  maxSourceBytes?: number;
  maxInputPixels?: number;
  /** The most bytes of renderings kept on disk; the oldest go past it. */
  cacheMaxBytes?: number;
}

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  /** A strong validator of the body, quoted. */
  etag: string;
  /** Whether the rendering came from the disk cache or was made (or joined) by this request. */
  cache: "hit" | "miss";
}

/**
 * Renders source images in a preset and width, keeping each rendering on disk under a hash of
 * (preset, width, source). Identical requests in flight share one transformation; failures are
 * not kept, so the next request tries again.
 */
export function createImageService(options: ImageServiceOptions) {
  const mediaDir = join(options.dataDir, "media");
  const uploadsDir = join(options.dataDir, "uploads");
  const cacheDir = join(options.dataDir, "image-cache");
  const allowedHosts = options.allowedHosts ?? [];
  const fetchOptions = {
    allowedHosts,
    timeoutMs: options.fetchTimeoutMs ?? REMOTE_TIMEOUT_MS,
    maxBytes: options.maxSourceBytes ?? MAX_SOURCE_BYTES,
  };
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;
  const schema = imageRequestSchema({ mediaDir, uploadsDir, allowedHosts });
  const inflight = new Map<string, Promise<Buffer>>();
  const bound = createCacheBound(cacheDir, options.cacheMaxBytes ?? IMAGE_CACHE_MAX_BYTES);
  const stats = { hits: 0, misses: 0, transforms: 0 };

  async function readSource(source: ImageSource): Promise<Buffer> {
    if (source.kind === "remote") return fetchRemoteImage(source.url, fetchOptions);
    // The path was checked as text; a symbolic link inside the folder must not lead out of it.
    const missing = () => imageError("not-found", `/${source.folder}/${source.path} does not exist`);
    let real: string;
    let root: string;
    try {
      [real, root] = await Promise.all([realpath(source.file), realpath(source.root)]);
    } catch (error) {
      if (isMissing(error)) throw missing();
      throw error;
    }
    if (!real.startsWith(root + sep) || !(await stat(real)).isFile()) throw missing();
    return readFile(real);
  }

  async function transform(request: ImageRequest, input: Buffer): Promise<Buffer> {
    const preset = IMAGE_PRESETS[request.preset];
    try {
      return await sharp(input, { limitInputPixels: maxInputPixels, autoOrient: true })
        .resize({
          width: request.width,
          height: Math.round(request.width * preset.aspect),
          fit: preset.fit,
          position: "centre",
          ...("background" in preset ? { background: preset.background } : {}),
        })
        .webp({ quality: preset.quality })
        .toBuffer();
    } catch {
      if (request.source.kind === "remote") throw imageError("upstream", "source is not a usable image");
      // A file in the media folder that is not an image: there is no image at that address.
      throw imageError("not-found", "source is not an image");
    }
  }

  async function produce(request: ImageRequest, file: string): Promise<Buffer> {
    const input = await readSource(request.source);
    stats.transforms++;
    const output = await transform(request, input);
    await mkdir(dirname(file), { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const partial = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(partial, output);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await bound.added(file, output.byteLength);
    return output;
  }

  function rendered(body: Buffer, request: ImageRequest, cache: RenderedImage["cache"]): RenderedImage {
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    return { body, contentType: `image/${IMAGE_PRESETS[request.preset].format}`, etag, cache };
  }

  return {
    /** Checks the raw input; throws an image error of kind "invalid" naming the wrong part. */
    parseRequest(input: { preset?: string | undefined; width?: string | undefined; src?: string | undefined }) {
      return parseImageRequest(schema, input);
    },

    /**
     * The rendering of a parsed request, from the cache or made now. `admit` runs before this
     * request makes a rendering itself (not for a cached one, nor one another request is making):
     * the endpoint's per-address limit on work, which throws to refuse.
     */
    async render(request: ImageRequest, admit?: () => Promise<void>): Promise<RenderedImage> {
      const key = cacheKey(request);
      let job = inflight.get(key);
      if (!job) {
        const file = join(cacheDir, key.slice(0, 2), `${key}.${IMAGE_PRESETS[request.preset].format}`);
        const cached = await readCached(file);
        if (cached) {
          stats.hits++;
          return rendered(cached, request, "hit");
        }
        // Another request may have started the same rendering while the cache was read.
        job = inflight.get(key);
        if (!job) {
          await admit?.();
          job = inflight.get(key);
        }
        if (!job) {
          job = produce(request, file).finally(() => inflight.delete(key));
          inflight.set(key, job);
        }
      }
      stats.misses++;
      return rendered(await job, request, "miss");
    },

    /** Counters since start: cache hits, misses and actual transformations. */
    stats: () => ({ ...stats }),
    /** Bytes of renderings on disk, as this process counts them. */
    cacheBytes: () => bound.bytes(),
  };
}

export type ImageService = ReturnType<typeof createImageService>;

/** The cache key: a hash of the preset (its settings too), the width and the source. */
export function cacheKey(request: ImageRequest): string {
  const source = request.source.kind === "local" ? `${request.source.folder}:${request.source.path}` : request.source.url.href;
  const identity = JSON.stringify([CACHE_VERSION, request.preset, IMAGE_PRESETS[request.preset], request.width, source]);
  return createHash("sha256").update(identity).digest("hex");
}

async function readCached(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
