import { readSessionCookie } from "../modules/accounts/index.ts";

export interface RequestToken {
  token: string;
  /** A token from a cookie rides along with any request the browser makes, cross-site ones too. */
  via: "header" | "cookie";
}

/**
 * The session token of a request (SPEC §6): the Authorization header (type Bearer) when present,
 * else the auth cookie. A header of another type is not a session, and does not fall back.
 */
export function requestToken(request: Request): RequestToken | null {
  return tokenFrom(request.headers.get("authorization"), request.headers.get("cookie"));
}

/** requestToken from the two headers it reads (a WebSocket's opening request is not a fetch Request). */
export function tokenFrom(authorization: string | null, cookie: string | null): RequestToken | null {
  if (authorization !== null) {
    const token = bearerToken(authorization);
    return token ? { token, via: "header" } : null;
  }
  const token = readSessionCookie(cookie);
  return token ? { token, via: "cookie" } : null;
}

/** The token of an `Authorization: Bearer <token>` value; null for anything else. */
export function bearerToken(authorization: string): string | null {
  return /^Bearer +(\S+)\s*$/i.exec(authorization)?.[1] ?? null;
}
