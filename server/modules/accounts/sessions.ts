import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountCodes, roles, sessions, users, type User } from "../../db/schema/index.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import type { MergeNote } from "../cart/index.ts";
import { newSessionId } from "./codes.ts";
import { MINUTE, type AccountScope, type AccountsKit } from "./kit.ts";
import { SESSION_SECONDS } from "./tokens.ts";
import { publicUser, type PublicUser } from "./user-view.ts";

/** A session just opened: the token to hand to the client, and who it belongs to. */
export interface OpenedSession {
  jwt: string;
  user: PublicUser;
  expiresAt: Date;
  strategy: string;
  /**
   * The visitor's guest bag, merged into the customer's at this login: what did not all fit
   * (empty when everything did). Null when the visitor brought no guest bag, so there is no
   * guest bag cookie to clear.
   */
  mergedBag: MergeNote[] | null;
}

export interface CurrentSession {
  user: PublicUser;
  sessionId: string;
  strategy: string;
  expiresAt: Date;
  /** False for an account made through a social provider that never set a password. */
  hasPassword: boolean;
}

/** A new session for `user`, without touching bags (a password change renews the session of a logged-in customer). */
export async function openSession(kit: AccountsKit, scope: Scope, user: User, strategy: string): Promise<OpenedSession> {
  const id = newSessionId();
  const expiresAt = new Date(Date.now() + SESSION_SECONDS * 1000);
  await scope.db.insert(sessions).values({ id, userId: user.id, strategy, expiresAt });
  kit.later(scope, () => pruneExpired(kit.deps.db));
  const jwt = await kit.tokens.sign({ userId: user.id, sessionId: id }, expiresAt);
  return { jwt, user: publicUser(user, await roleScopes(scope.db, user.role)), expiresAt, strategy, mergedBag: null };
}

/** The scopes a role grants (ADR 39). */
export async function roleScopes(db: Db, role: string): Promise<string[]> {
  const [row] = await db.select({ scopes: roles.scopes }).from(roles).where(eq(roles.name, role)).limit(1);
  return row?.scopes ?? [];
}

/**
 * A visitor logs in (by password, sign-up, reset or a provider): a new session, and the guest bag
 * the visitor brought joins the customer's, in one transaction, whichever adapter they came by.
 */
export async function logIn(kit: AccountsKit, scope: AccountScope, user: User, strategy: string): Promise<OpenedSession> {
  const guestBag = scope.guestBag;
  const bags = kit.deps.bags;
  return withTransaction(scope, async (tx) => {
    const opened = await openSession(kit, tx, user, strategy);
    // Orders placed as a guest with the account's address are the customer's, once it is theirs.
    if (user.confirmed) await kit.deps.guestOrders?.claim(tx, user.id, user.email);
    if (!guestBag || !bags) return opened;
    return { ...opened, mergedBag: await bags.mergeGuestBag(tx, guestBag, user.id) };
  });
}

/** The session a token stands for, while it is open and its account not blocked; else null. */
export async function authenticate(
  kit: AccountsKit,
  scope: Scope,
  token: string | null | undefined,
): Promise<CurrentSession | null> {
  if (!token) return null;
  const claims = await kit.tokens.verify(token);
  if (!claims) return null;
  const [row] = await scope.db
    .select({ user: users, session: sessions, roleScopes: roles.scopes })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.name, users.role))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row || row.user.blocked) return null;
  return {
    user: publicUser(row.user, row.roleScopes ?? []),
    sessionId: row.session.id,
    strategy: row.session.strategy,
    expiresAt: row.session.expiresAt,
    hasPassword: row.user.passwordHash !== null,
  };
}

/** Ends the token's session on the server; a token that is not genuine changes nothing. */
export async function logout(kit: AccountsKit, scope: Scope, token: string | null | undefined): Promise<void> {
  const claims = token ? await kit.tokens.verify(token) : null;
  if (!claims) return;
  await scope.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)));
}

/** Ends one session by its id (a page's logout, where the session was read from the cookie). */
export async function endSession(scope: Scope, sessionId: string): Promise<void> {
  await scope.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of the account, in every browser. */
export async function endAllSessions(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sessions and codes a day past their end are deleted, a few at a time, as new sessions open. */
async function pruneExpired(db: Db) {
  const before = new Date(Date.now() - 24 * 60 * MINUTE);
  await db.execute(
    sql`delete from ${sessions} where ${sessions.id} in (select ${sessions.id} from ${sessions} where ${sessions.expiresAt} < ${before} limit 100)`,
  );
  await db.execute(
    sql`delete from ${accountCodes} where ${accountCodes.id} in (select ${accountCodes.id} from ${accountCodes} where ${accountCodes.expiresAt} < ${before} limit 100)`,
  );
}
