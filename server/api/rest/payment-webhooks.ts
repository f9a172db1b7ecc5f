import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { requestContext, type ShopEnv } from "../../context.ts";
import type { Logger } from "../../http/logger.ts";
import { WebhookPayloadError, WebhookSignatureError } from "../../modules/payments/index.ts";
import { ApiError, answerOtherRequests, toErrorResponse } from "./errors.ts";

/*
 * The card payment provider's webhooks (ADR 38): POST /webhooks/stripe with the event as JSON and
 * its `Stripe-Signature`. The body is read as it came (the signature covers its exact bytes).
 *
 *   200 {received: true}   handled, a duplicate, or an event the shop has no use for
 *   400                    the signature does not verify (not Stripe's, altered, or too old), or the
 *                          signed event cannot be read (no id, no data.object): telling it again
 *                          would change nothing (Stripe gives up on an event after three days)
 *   404                    the shop takes no card payments
 *   500                    not applied now: Stripe tells it again later
 */

/** Stripe's events are a few KB; a checkout session with many fields stays well below this. */
const MAX_EVENT_BYTES = 512 * 1024;

export function paymentWebhooksApi(options: { logger?: Logger } = {}) {
  const api = new Hono<ShopEnv>();
  api.post(
    "/stripe",
    bodyLimit({
      maxSize: MAX_EVENT_BYTES,
      onError: (c) => toErrorResponse(c, new ApiError(413, "PayloadTooLargeError", "The request body is too large.")),
    }),
    async (c) => {
      const context = requestContext(c);
      const raw = await c.req.text();
      let result;
      try {
        result = await context.services.payments.webhook(context, raw, c.req.header("stripe-signature"));
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new ApiError(400, "ValidationError", "The webhook's signature does not verify.", { param: "Stripe-Signature" });
        }
        if (error instanceof WebhookPayloadError) {
          throw new ApiError(400, "ValidationError", `The webhook's event cannot be read: ${error.message}`, { param: "body" });
        }
        throw error;
      }
      // Taken for another amount or currency than the order's: not paid, held, and told to whoever watches the log.
      if (result.mismatch) options.logger?.error("card payment does not match its order", { ...result.mismatch });
      c.header("Cache-Control", "no-store");
      return c.json({ received: true });
    },
  );
  answerOtherRequests(api, { "/stripe": "POST" }, { notFound: true });
  api.onError((error, c) => toErrorResponse(c, error, options.logger));
  return api;
}
