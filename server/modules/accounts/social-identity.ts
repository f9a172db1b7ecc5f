import { and, eq, isNull } from "drizzle-orm";
import { accountCodes, socialIdentities, users, type User } from "../../db/schema/index.ts";
import { invalidInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { accountBlocked } from "./errors.ts";
import type { AccountScope, AccountsKit } from "./kit.ts";
import { emailField } from "./schemas.ts";
import { endAllSessions, logIn, type OpenedSession } from "./sessions.ts";
import { freeUsername, usernameSkeleton } from "./username.ts";
import { isUniqueViolation } from "./users.ts";

/** What a social login provider says about the visitor (OpenID Connect claims). */
export interface ProviderIdentity {
  /** The provider's configured name, such as "google". */
  provider: string;
  /** The provider's stable id for the person (`sub`). */
  subject: string;
  email?: string | null;
  emailVerified?: boolean;
  /** A user name to start from for a new account (`preferred_username`, a name). */
  preferredUsername?: string | null;
}

/**
 * Logs in with a social provider's identity: the account linked to it; else the account with
 * the same address, which the provider must have verified (and the link is kept); else a new
 * account. An address the provider has not verified makes and joins nothing, so nobody can
 * take over an account through a provider that lets people claim any address.
 */
export async function loginWithIdentity(
  kit: AccountsKit,
  scope: AccountScope,
  identity: ProviderIdentity,
): Promise<OpenedSession> {
  let user: User;
  try {
    user = await linkIdentity(scope, identity);
  } catch (error) {
    // Two first logins with one identity at once (two tabs): the second finds the first's link.
    if (!isUniqueViolation(error)) throw error;
    user = await linkIdentity(scope, identity);
  }
  if (user.blocked) throw accountBlocked();
  return logIn(kit, scope, user, identity.provider);
}

/**
 * The account for a provider's identity, linking or making one. A verified address that matches
 * an account no one has confirmed takes that account over from whoever signed up with it (who
 * could not prove the address was theirs): its password, open sessions and mailed codes go, so a
 * squatter keeps no way in.
 */
async function linkIdentity(scope: Scope, identity: ProviderIdentity): Promise<User> {
  const email = identity.email?.trim().toLowerCase() || null;
  return withTransaction(scope, async ({ db }) => {
    const [linked] = await db
      .select({ user: users })
      .from(socialIdentities)
      .innerJoin(users, eq(users.id, socialIdentities.userId))
      .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)))
      .limit(1);
    if (linked) return linked.user;
    if (!email || !emailField.safeParse(email).success) {
      throw invalidInput("email", "The provider did not share an e-mail address, which an account needs.");
    }
    if (!identity.emailVerified) {
      // Only an address the provider vouches for may make or join an account.
      throw invalidInput("email", "The provider has not verified your e-mail address. Please verify it there first.");
    }
    const [existing] = await db.select().from(users).where(eq(users.email, email)).for("update").limit(1);
    let owner = existing;
    if (existing && !existing.confirmed) {
      [owner] = await db
        .update(users)
        .set({ confirmed: true, passwordHash: null, updatedAt: new Date() })
        .where(eq(users.id, existing.id))
        .returning();
      await endAllSessions(db, existing.id);
      await db
        .update(accountCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(accountCodes.userId, existing.id), isNull(accountCodes.usedAt)));
    }
    if (!owner) {
      const username = await freeUsername(db, identity.preferredUsername || email.split("@")[0]!);
      [owner] = await db
        .insert(users)
        .values({ username, usernameSkeleton: usernameSkeleton(username), email, provider: identity.provider, confirmed: true })
        .returning();
    }
    await db
      .insert(socialIdentities)
      .values({ userId: owner!.id, provider: identity.provider, subject: identity.subject, email });
    return owner!;
  });
}
