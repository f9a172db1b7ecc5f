import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * The preview link of a post (ADR 75): /news-and-media/preview/<token>, where the token names the
 * post and when the link ends (24 hours after it was made), signed with the shop's secret. Anyone
 * with the link sees the post as it stands then, a draft included; nobody can make one for
 * another post or stretch its time.
 */

export const PREVIEW_HOURS = 24;
export const PREVIEW_PATH = "/news-and-media/preview/";

function signature(secret: string, body: string): string {
  return createHmac("sha256", `news-preview:${secret}`).update(body).digest("base64url");
}

export function previewToken(secret: string, postId: number, now = Date.now()): { token: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + PREVIEW_HOURS * 3600;
  const body = `${postId}.${expires}`;
  return { token: `${body}.${signature(secret, body)}`, expiresAt: new Date(expires * 1000) };
}

/** The post a token names while it runs; null for anything else. */
export function previewedPost(secret: string, token: string, now = Date.now()): number | null {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(signature(secret, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Number(match[2]) * 1000 <= now) return null;
  return Number(match[1]);
}
