import { hkdfSync } from "node:crypto";
import { SignJWT, errors as joseErrors, jwtVerify } from "jose";

/** SPEC §9: a session lasts seven days. */
export const SESSION_SECONDS = 604_800;

const ALGORITHM = "HS256";
const AUDIENCE = "shop";

export interface TokenClaims {
  userId: number;
  sessionId: string;
}

/**
 * Signed session tokens (JWT). The algorithm is pinned on both sides, so a token that names another
 * one (`none` included) is refused; issuer, audience and expiry are checked. The signing key is
 * derived from the shop's session secret, so the secret itself signs nothing directly.
 */
export function createTokens(options: { secret: string; issuer: string }) {
  const key = new Uint8Array(hkdfSync("sha256", options.secret, "", "shop session token", 32));

  async function sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(String(claims.userId))
      .setIssuer(options.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  /** The token's claims when it is genuine and current; null for anything else. */
  async function verify(token: string): Promise<TokenClaims | null> {
    if (token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: options.issuer,
        audience: AUDIENCE,
        requiredClaims: ["sub", "exp", "iat"],
      });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== "string") return null;
      return { userId, sessionId };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  return { sign, verify };
}

export type Tokens = ReturnType<typeof createTokens>;
