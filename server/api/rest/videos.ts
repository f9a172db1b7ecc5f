import type { Context } from "hono";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { requestContext, type ShopEnv } from "../../context.ts";
import { addressKey, type RateLimiter } from "../../modules/rate-limit/index.ts";
import { VIDEO_MESSAGES, type VideoFailureKind } from "../../modules/videos/index.ts";

/*
 * GET /videos/embed?url=<video address>: what the video facade needs to play a video
 * (app/components/video/video-facade.tsx). 200 {embedUrl, title, thumbnailUrl, width, height,
 * providerName}; otherwise {error: {status, name, message}} with a message for people (SPEC §8).
 */

const FAILURE_STATUS: Record<VideoFailureKind, { status: ContentfulStatusCode; name: string }> = {
  "not-provider": { status: 400, name: "ValidationError" },
  "not-found": { status: 404, name: "NotFoundError" },
  "not-embeddable": { status: 422, name: "NotEmbeddableError" },
  unavailable: { status: 502, name: "BadGatewayError" },
};

/** The visitor's own answer: a minute or five in their browser, never in a shared cache. */
const SUCCESS_CACHE = "private, max-age=300";
const FAILURE_CACHE = "private, max-age=60";

class TooManyLookups extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(VIDEO_MESSAGES.tooMany);
  }
}

function failure(c: Context, status: ContentfulStatusCode, name: string, message: string, cache = "no-store") {
  c.header("Cache-Control", cache);
  return c.json({ error: { status, name, message } }, status);
}

export function videosApi(options: { lookups?: RateLimiter } = {}) {
  const api = new Hono<ShopEnv>();

  api.get("/embed", async (c) => {
    const url = c.req.query("url");
    if (!url?.trim()) return failure(c, 400, "ValidationError", VIDEO_MESSAGES.missingUrl);
    const context = requestContext(c);
    const limiter = options.lookups;
    try {
      const result = await context.services.videos.lookupEmbed(url, {
        beforeRequest: limiter
          ? async () => {
              const verdict = await limiter.hit(addressKey(context.visitor.ip));
              if (verdict.limited) throw new TooManyLookups(verdict.retryAfterSeconds);
            }
          : undefined,
      });
      if (!result.ok) {
        const { status, name } = FAILURE_STATUS[result.failure.kind];
        return failure(c, status, name, result.failure.message, status === 400 ? "no-store" : FAILURE_CACHE);
      }
      c.header("Cache-Control", SUCCESS_CACHE);
      return c.json(result.embed, 200);
    } catch (error) {
      if (!(error instanceof TooManyLookups)) throw error;
      c.header("Retry-After", String(error.retryAfterSeconds));
      return failure(c, 429, "RateLimitError", error.message);
    }
  });

  return api;
}
