import { Hono } from "hono";
import { requestContext, type ShopEnv } from "../../context.ts";
import { invalidInput, ShopError } from "../../lib/shop-error.ts";
import { addressKey, type RateLimiter } from "../../modules/rate-limit/index.ts";
import { VIDEO_MESSAGES } from "../../modules/videos/index.ts";
import { asApiError, RateLimitError } from "./errors.ts";

/*
 * GET /videos/embed?url=<video address>: what the video facade needs to play a video
 * (app/components/video/video-facade.tsx). 200 {embedUrl, title, thumbnailUrl, width, height,
 * providerName}; otherwise {error: {status, name, message}} with a message for people (SPEC §8).
 * Failures are ShopErrors, given their status and name by the REST APIs' one table (errors.ts);
 * this endpoint's body has always been that narrower shape, without `data` or `details`.
 */

/** The visitor's own answer: a minute or five in their browser, never in a shared cache. */
const SUCCESS_CACHE = "private, max-age=300";
const FAILURE_CACHE = "private, max-age=60";

export function videosApi(options: { lookups?: RateLimiter } = {}) {
  const api = new Hono<ShopEnv>();

  api.get("/embed", async (c) => {
    const context = requestContext(c);
    const limiter = options.lookups;
    try {
      const url = c.req.query("url");
      if (!url?.trim()) throw invalidInput("url", VIDEO_MESSAGES.missingUrl);
      const result = await context.services.videos.lookupEmbed(url, {
        beforeRequest: limiter
          ? async () => {
              const verdict = await limiter.hit(addressKey(context.visitor.ip));
              if (verdict.limited) {
                throw new ShopError("TOO_MANY_REQUESTS", VIDEO_MESSAGES.tooMany, {
                  retryAfterSeconds: verdict.retryAfterSeconds,
                });
              }
            }
          : undefined,
      });
      // The provider's answer about this video, kept a minute in the browser; a wrong request is not.
      if (!result.ok) throw result.failure;
      c.header("Cache-Control", SUCCESS_CACHE);
      return c.json(result.embed, 200);
    } catch (error) {
      const failure = asApiError(error);
      if (!failure) throw error;
      const provider = failure.status !== 400 && failure.status !== 429;
      c.header("Cache-Control", provider ? FAILURE_CACHE : "no-store");
      if (failure instanceof RateLimitError) c.header("Retry-After", String(failure.retryAfterSeconds));
      return c.json({ error: { status: failure.status, name: failure.name, message: failure.message } }, failure.status);
    }
  });

  return api;
}
