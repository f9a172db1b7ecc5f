import { readSessionCookie } from "../modules/accounts/cookies.ts";

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
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer +(\S+)\s*$/i.exec(authorization);
    return match ? { token: match[1]!, via: "header" } : null;
  }
  const token = readSessionCookie(request.headers.get("cookie"));
  return token ? { token, via: "cookie" } : null;
}
