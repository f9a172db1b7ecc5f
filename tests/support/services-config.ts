import { randomBytes } from "node:crypto";
import type { Mail, Mailer } from "../../server/modules/mail/index.ts";
import { createRateLimitStore } from "../../server/modules/rate-limit/index.ts";
import type { ServicesConfig } from "../../server/services.ts";

/** A mailer that keeps what it is asked to send, for tests that read the mails. */
export interface KeptMails extends Mailer {
  sent: Mail[];
}

export function keptMails(): KeptMails {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
    async close() {},
  };
}

/** Services settings for tests: a fresh secret, in-memory rate limits, mails kept in memory. */
export function testServicesConfig(overrides: Partial<ServicesConfig> = {}): ServicesConfig {
  return {
    secret: randomBytes(32).toString("base64url"),
    publicUrl: "http://shop.test",
    siteName: "Safe Hands",
    mailer: keptMails(),
    rateLimits: createRateLimitStore({}),
    onBackgroundError: (error) => {
      throw error;
    },
    ...overrides,
  };
}
