import { Hono } from "hono";
import type { ShopEnv } from "../../context.ts";
import { asShopError, ShopError } from "../../lib/shop-error.ts";
import { createImageService, IMAGE_CACHE_CONTROL, type ImageService } from "../../modules/media/index.ts";
import { addressKey, type RateLimiter } from "../../modules/rate-limit/index.ts";

export interface ImageRoutesOptions {
  /** DATA_DIR: sources from DATA_DIR/media, renderings cached in DATA_DIR/image-cache. */
  dataDir: string;
  /** IMAGE_HOSTS. */
  imageHosts: readonly string[];
  /** Tests shorten these; production uses the module's defaults (5 s, 10 MB). */
  fetchTimeoutMs?: number;
  maxSourceBytes?: number;
  /** The most bytes of renderings kept on disk (IMAGE_CACHE_MB). */
  cacheMaxBytes?: number;
  /** Renderings made per visitor address (IMAGE_RENDERS_RULE); none: not limited (tests). */
  renders?: RateLimiter;
  /** An existing service (tests read its counters); made from the options above when absent. */
  service?: ImageService;
}

/** Too many renderings asked for from one address. */
function tooManyRenders(retryAfterSeconds: number): ShopError {
  return new ShopError(
    "TOO_MANY_REQUESTS",
    "Too many new image sizes asked for from your network. Please try again in a minute.",
    { retryAfterSeconds },
  );
}

/**
 * The image endpoint, mounted at /images: GET /images/<preset>/<width>?src=<source>. Parses the
 * input with the media module's schema, renders, and answers a ShopError with its code's status
 * (400/404/429/502) and its message in plain text: an <img> shows no body, a person debugging does.
 */
export function createImageRoutes(options: ImageRoutesOptions) {
  const images =
    options.service ??
    createImageService({
      dataDir: options.dataDir,
      allowedHosts: options.imageHosts,
      fetchTimeoutMs: options.fetchTimeoutMs,
      maxSourceBytes: options.maxSourceBytes,
      cacheMaxBytes: options.cacheMaxBytes,
    });
  const app = new Hono<ShopEnv>();

  app.get("/:preset/:width", async (c) => {
    try {
      const request = images.parseRequest({
        preset: c.req.param("preset"),
        width: c.req.param("width"),
        src: c.req.query("src"),
      });
      const limiter = options.renders;
      const visitor = c.get("ctx")?.visitor;
      const image = await images.render(
        request,
        limiter && visitor
          ? async () => {
              const verdict = await limiter.hit(addressKey(visitor.ip));
              if (verdict.limited) throw tooManyRenders(verdict.retryAfterSeconds);
            }
          : undefined,
      );
      c.header("Cache-Control", IMAGE_CACHE_CONTROL);
      c.header("ETag", image.etag);
      c.header("X-Image-Cache", image.cache);
      c.header("X-Content-Type-Options", "nosniff");
      if (matches(c.req.header("if-none-match"), image.etag)) return c.body(null, 304);
      c.header("Content-Type", image.contentType);
      return c.body(new Uint8Array(image.body), 200);
    } catch (error) {
      const failed = asShopError(error);
      if (!failed) throw error;
      c.header("Cache-Control", "no-store");
      if (failed.retryAfterSeconds !== undefined) c.header("Retry-After", String(failed.retryAfterSeconds));
      return c.text(failed.message, failed.status);
    }
  });
  app.all("*", (c) => c.text("Not found: use /images/<preset>/<width>?src=<source>", 404));

  return app;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
