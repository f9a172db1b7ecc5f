import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * The token in a guest's order link (confirmation page, mails): an HMAC of the order number under
 * a key derived from the shop's secret. Whoever holds the link sees that order's status, as with a
 * parcel's tracking link; it reveals nothing else and cannot be made for another number.
 */
export function createOrderTokens(secret: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "order status link", 32));
  const mac = (number: string) => createHmac("sha256", key).update(number).digest().subarray(0, 18);
  return {
    tokenFor: (number: string) => mac(number).toString("base64url"),
    isTokenFor(number: string, token: unknown): boolean {
      if (typeof token !== "string" || !/^[A-Za-z0-9_-]{24}$/.test(token)) return false;
      return timingSafeEqual(Buffer.from(token, "base64url"), mac(number));
    },
  };
}
