import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The visitor's address, for rate limits and logs. Behind `trustProxy` reverse proxies, each
 * appended the address it heard from to X-Forwarded-For, so the entry `trustProxy` from the end is
 * the last one a proxy of ours wrote; anything before it the client could have made up. A shorter
 * header means fewer proxies than configured: its first entry is the best left. With no proxies,
 * or no header, the connection's own address. "unknown" when there is no connection (app.request()).
 */
export function clientAddress(c: Context, trustProxy: number): string {
  return addressBehindProxies(c.req.header("x-forwarded-for"), socketAddress(c), trustProxy);
}

/** clientAddress from the request's X-Forwarded-For and the connection's own address (a WebSocket's opening has no Hono context). */
export function addressBehindProxies(
  forwardedFor: string | null | undefined,
  socket: string | undefined,
  trustProxy: number,
): string {
  if (trustProxy > 0) {
    const hops = (forwardedFor ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter((hop) => hop !== "");
    if (hops.length > 0) return withoutIpv4Mapping(hops[Math.max(hops.length - trustProxy, 0)]!);
  }
  return withoutIpv4Mapping(socket ?? "unknown");
}

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch (error) {
    // getConnInfo reads c.env.incoming.socket, which only a request from @hono/node-server has.
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

/** A dual-stack socket reports IPv4 clients as ::ffff:1.2.3.4; one client should have one key. */
function withoutIpv4Mapping(address: string): string {
  return address.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, "$1");
}
