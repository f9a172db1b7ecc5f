import type { Context } from "hono";
import type { ShopEnv } from "../../context.ts";
import { clearedCartCookie } from "../../modules/cart/index.ts";
import type { OpenedSession } from "../../modules/accounts/index.ts";

/**
 * The content backend's answer to a login (SPEC §3): `{jwt, user}`, never cached. When the
 * visitor's guest bag joined the customer's at this login, its cookie goes: the customer's bag is
 * theirs on every device from now on.
 */
export function sessionAnswer(c: Context<ShopEnv>, opened: OpenedSession) {
  c.header("Cache-Control", "no-store");
  if (opened.mergedBag !== null) c.header("Set-Cookie", clearedCartCookie(c.get("ctx").cookies), { append: true });
  return c.json({ jwt: opened.jwt, user: opened.user });
}
