import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { usedSocialTokens } from "../../../db/schema/index.ts";
import type { Scope } from "../../../lib/scope.ts";
import { SEALED_TOKEN_SECONDS } from "./sealed-token.ts";

/**
 * Marks a sealed token as traded; false when it already was (issue 10 F2). The mark is a row,
 * so a token used once through the login page cannot be used again through the API, nor in
 * another process. Marks older than any token's life go, a few at a time.
 */
export async function claimSealedToken(scope: Scope, sealed: string): Promise<boolean> {
  const tokenHash = createHash("sha256").update(sealed).digest("base64url");
  const expiresAt = new Date(Date.now() + SEALED_TOKEN_SECONDS * 1000);
  const claimed = await scope.db
    .insert(usedSocialTokens)
    .values({ tokenHash, expiresAt })
    .onConflictDoNothing()
    .returning({ tokenHash: usedSocialTokens.tokenHash });
  await scope.db.execute(
    sql`delete from ${usedSocialTokens} where ${usedSocialTokens.tokenHash} in (select ${usedSocialTokens.tokenHash} from ${usedSocialTokens} where ${usedSocialTokens.expiresAt} < now() limit 100)`,
  );
  return claimed.length === 1;
}
