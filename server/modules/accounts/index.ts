import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { accountCodes, sessions, socialIdentities, users, type User } from "../../db/schema/index.ts";
import {
  accountReminderMail,
  confirmationMail,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordResetMail,
} from "../mail/templates.ts";
import { addressKey, rateLimit, type RateLimitStore, type Visitor } from "../rate-limit/index.ts";
import { hashCode, isCodeShaped, newCode, newSessionId } from "./codes.ts";
import {
  AccountBlockedError,
  AccountInputError,
  AccountTakenError,
  InvalidCodeError,
  InvalidCredentialsError,
  NotLoggedInError,
  TooManyAttemptsError,
} from "./errors.ts";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password.ts";
import {
  changeEmailInput,
  changePasswordInput,
  confirmationInput,
  emailField,
  emailInput,
  loginInput,
  parseAccountInput,
  registerInput,
  resetPasswordInput,
} from "./schemas.ts";
import { SESSION_SECONDS, createTokens } from "./tokens.ts";
import { publicUser, type PublicUser } from "./user-view.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export { SESSION_SECONDS } from "./tokens.ts";
export type { PublicUser } from "./user-view.ts";

/** A session just opened: the token to hand to the client, and who it belongs to. */
export interface OpenedSession {
  jwt: string;
  user: PublicUser;
  expiresAt: Date;
  strategy: string;
}

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

export interface CurrentSession {
  user: PublicUser;
  sessionId: string;
  strategy: string;
  expiresAt: Date;
  /** False for an account made through a social provider that never set a password. */
  hasPassword: boolean;
}

interface Mailer {
  send(mail: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

export interface AccountsDeps {
  db: Db;
  /** The shop's session secret: session tokens are signed with a key derived from it. */
  secret: string;
  publicUrl: string;
  siteName: string;
  mailer: Mailer;
  rateLimits: RateLimitStore;
  /** Failures of work done after answering (sending a mail); they must not reach the visitor. */
  onBackgroundError?: (error: unknown) => void;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const MINUTE = 60_000;

const NO_PASSWORD_MESSAGE = "Your account has no password yet: set one with “Forgot your password?”.";

/** A unique index refused a row (PostgreSQL 23505), as drizzle passes it on (sometimes as the cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
const RESET_CODE_MINUTES = 60;
const CONFIRMATION_CODE_HOURS = 48;

/**
 * Customer accounts: registration, login and sessions, e-mail confirmation and password reset
 * (issue 4; SPEC §3-§9). Every adapter (content backend /api, the login API /auth, pages) calls
 * these with the raw input, which is parsed here with the module's schemas.
 *
 * Sessions are rows; the token the client holds is a signed JWT naming its session, accepted only
 * while that row is open, so logging out or changing the password ends it at once.
 */
export function createAccounts(deps: AccountsDeps) {
  const { db } = deps;
  const tokens = createTokens({ secret: deps.secret, issuer: deps.publicUrl });
  const store = deps.rateLimits;
  // SPEC-level rule of issue 4: the sixth failed login within five minutes, for one account or
  // from one address, is refused. The others bound mail sending and code guessing per address.
  const limits = {
    loginAccount: rateLimit(store, { name: "login-account", limit: 5, windowMs: 5 * MINUTE }),
    loginAddress: rateLimit(store, { name: "login-address", limit: 5, windowMs: 5 * MINUTE }),
    register: rateLimit(store, { name: "register", limit: 10, windowMs: 60 * MINUTE }),
    mailToAddress: rateLimit(store, { name: "mail-to", limit: 3, windowMs: 15 * MINUTE }),
    mailFromAddress: rateLimit(store, { name: "mail-from", limit: 10, windowMs: 15 * MINUTE }),
    codes: rateLimit(store, { name: "codes", limit: 10, windowMs: 15 * MINUTE }),
  };

  const pending = new Set<Promise<void>>();
  /** Runs after the answer has gone, so known and unknown addresses answer alike and as fast. */
  function later(task: () => Promise<void>) {
    const run: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => deps.onBackgroundError?.(error))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  let decoy: Promise<string> | undefined;
  /** A hash to check unknown identifiers against, so they take as long as known ones. */
  function decoyHash() {
    decoy ??= hashPassword(newCode());
    return decoy;
  }

  async function refuseIfLimited(...verdicts: Promise<{ limited: boolean; retryAfterSeconds: number }>[]) {
    const results = await Promise.all(verdicts);
    const limited = results.filter((r) => r.limited);
    if (limited.length > 0) throw new TooManyAttemptsError(Math.max(...limited.map((r) => r.retryAfterSeconds)));
  }

  async function findByIdentifier(identifier: string): Promise<User | undefined> {
    const lowered = identifier.toLowerCase();
    const [user] = await db
      .select()
      .from(users)
      .where(or(eq(users.email, lowered), sql`lower(${users.username}) = ${lowered}`))
      .limit(1);
    return user;
  }

  /** A user name from `wish` that is valid and free: cleaned, then numbered if taken. */
  async function freeUsername(tx: Tx, wish: string): Promise<string> {
    const base =
      wish
        .normalize("NFKC")
        .replace(/[^\p{L}\p{N}._-]+/gu, "")
        .replace(/^[._-]+/, "")
        .slice(0, 24) || "keeper";
    const padded = base.length >= 3 ? base : `${base}keeper`.slice(0, 24);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const candidate = attempt === 0 ? padded : `${padded}${Math.floor(Math.random() * 10 ** Math.min(2 + attempt, 6))}`;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.username}) = ${candidate.toLowerCase()}`)
        .limit(1);
      if (!taken) return candidate;
    }
    return `keeper-${newSessionId().slice(0, 10)}`;
  }

  /**
   * The account, when `password` is its password. Wrong guesses count towards the login limits, so
   * a stolen session cannot be used to guess the password either.
   */
  async function requireCurrentPassword(request: Visitor, userId: number, password: string): Promise<User> {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new NotLoggedInError();
    const hash = user.passwordHash;
    if (!hash) throw new AccountInputError("currentPassword", NO_PASSWORD_MESSAGE);
    if (!(await passwordAttempt(request, accountKeyOf(user, ""), () => verifyPassword(password, hash)))) {
      throw new AccountInputError("currentPassword", "This is not your current password.");
    }
    return user;
  }

  /** Stores a new password (and `confirmed`), ends every session of the account, and opens one for this browser. */
  async function replacePassword(tx: Tx, user: User, change: { passwordHash: string; confirmed?: boolean }) {
    const [updated] = await tx
      .update(users)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    await endAllSessions(tx, user.id);
    return openSession(tx, updated!, "local");
  }

  /** Ends every open session of the account, in every browser. */
  async function endAllSessions(tx: Tx, userId: number) {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /** The login limit's key for an account: its id once known, so its e-mail and user name share one count. */
  function accountKeyOf(user: User | undefined, identifier: string): string {
    return user ? `user:${user.id}` : `id:${identifier.toLowerCase()}`;
  }

  /**
   * Runs a password check under the login limits. The attempt is counted before the check, so
   * guesses sent in parallel cannot all slip past the limit while their hashes are computed; a
   * right password takes the address's count back and clears the account's.
   */
  async function passwordAttempt(request: Visitor, account: string, check: () => Promise<boolean>): Promise<boolean> {
    const address = addressKey(request.ip);
    await refuseIfLimited(limits.loginAccount.hit(account), limits.loginAddress.hit(address));
    const right = await check();
    if (right) await Promise.all([limits.loginAccount.reset(account), limits.loginAddress.release(address)]);
    return right;
  }

  /**
   * The account for a provider's identity, linking or making one (see loginWithIdentity). A
   * verified address that matches an account no one has confirmed takes that account over from
   * whoever signed up with it (who could not prove the address was theirs): its password, open
   * sessions and mailed codes go, so a squatter keeps no way in.
   */
  async function linkIdentity(identity: ProviderIdentity): Promise<User> {
    const email = identity.email?.trim().toLowerCase() || null;
    return db.transaction(async (tx) => {
      const [linked] = await tx
        .select({ user: users })
        .from(socialIdentities)
        .innerJoin(users, eq(users.id, socialIdentities.userId))
        .where(and(eq(socialIdentities.provider, identity.provider), eq(socialIdentities.subject, identity.subject)))
        .limit(1);
      if (linked) return linked.user;
      if (!email || !emailField.safeParse(email).success) {
        throw new AccountInputError("email", "The provider did not share an e-mail address, which an account needs.");
      }
      if (!identity.emailVerified) {
        // Only an address the provider vouches for may make or join an account.
        throw new AccountInputError("email", "The provider has not verified your e-mail address. Please verify it there first.");
      }
      const [existing] = await tx.select().from(users).where(eq(users.email, email)).for("update").limit(1);
      let owner = existing;
      if (existing && !existing.confirmed) {
        [owner] = await tx
          .update(users)
          .set({ confirmed: true, passwordHash: null, updatedAt: new Date() })
          .where(eq(users.id, existing.id))
          .returning();
        await endAllSessions(tx, existing.id);
        await tx
          .update(accountCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(accountCodes.userId, existing.id), isNull(accountCodes.usedAt)));
      }
      if (!owner) {
        const username = await freeUsername(tx, identity.preferredUsername || email.split("@")[0]!);
        [owner] = await tx.insert(users).values({ username, email, provider: identity.provider, confirmed: true }).returning();
      }
      await tx
        .insert(socialIdentities)
        .values({ userId: owner!.id, provider: identity.provider, subject: identity.subject, email });
      return owner!;
    });
  }

  async function findByEmail(email: string): Promise<User | undefined> {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  }

  async function openSession(executor: Db | Tx, user: User, strategy: string): Promise<OpenedSession> {
    const id = newSessionId();
    const expiresAt = new Date(Date.now() + SESSION_SECONDS * 1000);
    await executor.insert(sessions).values({ id, userId: user.id, strategy, expiresAt });
    later(pruneExpired);
    return { jwt: await tokens.sign({ userId: user.id, sessionId: id }, expiresAt), user: publicUser(user), expiresAt, strategy };
  }

  /** Sessions and codes a day past their end are deleted, a few at a time, as new sessions open. */
  async function pruneExpired() {
    const before = new Date(Date.now() - 24 * 60 * MINUTE);
    await db.execute(
      sql`delete from ${sessions} where ${sessions.id} in (select ${sessions.id} from ${sessions} where ${sessions.expiresAt} < ${before} limit 100)`,
    );
    await db.execute(
      sql`delete from ${accountCodes} where ${accountCodes.id} in (select ${accountCodes.id} from ${accountCodes} where ${accountCodes.expiresAt} < ${before} limit 100)`,
    );
  }

  /**
   * Whether a mail may go to `email` for this request. Too many requests from one address are
   * refused (429); too many mails to one recipient are silently not sent, so nobody can keep a
   * customer from getting a reset mail, or learn anything, by asking for mails to their address.
   */
  async function mailAllowed(request: Visitor, email: string): Promise<boolean> {
    await refuseIfLimited(limits.mailFromAddress.hit(addressKey(request.ip)));
    return !(await limits.mailToAddress.hit(email)).limited;
  }

  /**
   * After answering, `send` to the account of `email`, if there is one that is not blocked and
   * the limits allow a mail: the answer is the same whatever the case (forgot-password, the
   * confirmation re-send, the user-name reminder).
   */
  async function mailAccountLater(request: Visitor, email: string, send: (user: User) => Promise<void>) {
    const mailed = await mailAllowed(request, email);
    later(async () => {
      if (!mailed) return;
      const user = await findByEmail(email);
      if (user && !user.blocked) await send(user);
    });
  }

  /** Confirms the address of a mailed confirmation code, in one transaction (see confirmEmail). */
  async function confirmCode(confirmation: string): Promise<PublicUser> {
    return db.transaction(async (tx) => {
      const code = await takeCode(tx, confirmation, "email-confirmation");
      // A changed address that another account took in the meantime cannot be confirmed.
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, code.email), ne(users.id, code.userId)))
        .limit(1);
      if (other) throw new InvalidCodeError();
      const [updated] = await tx
        .update(users)
        .set({ confirmed: true, email: code.email, updatedAt: new Date() })
        .where(eq(users.id, code.userId))
        .returning();
      if (!updated) throw new InvalidCodeError();
      return publicUser(updated);
    });
  }

  /** A new code for `purpose`; the user's earlier unused ones for it stop working. */
  async function issueCode(user: User, purpose: "email-confirmation" | "password-reset", email: string, minutes: number) {
    const code = newCode();
    await db.transaction(async (tx) => {
      // One code at a time per account: a second request waits, then retires this one's code.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
      await tx
        .update(accountCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(accountCodes.userId, user.id), eq(accountCodes.purpose, purpose), isNull(accountCodes.usedAt)));
      await tx.insert(accountCodes).values({
        userId: user.id,
        purpose,
        codeHash: hashCode(code),
        email,
        expiresAt: new Date(Date.now() + minutes * MINUTE),
      });
    });
    return code;
  }

  async function sendConfirmation(user: User, email = user.email) {
    const code = await issueCode(user, "email-confirmation", email, CONFIRMATION_CODE_HOURS * 60);
    const link = `${deps.publicUrl}/api/auth/email-confirmation?confirmation=${encodeURIComponent(code)}`;
    const content = { siteName: deps.siteName, username: user.username, link };
    if (email === user.email) {
      await deps.mailer.send({ to: email, ...confirmationMail(content) });
      return;
    }
    await deps.mailer.send({ to: email, ...emailChangeMail(content) });
    await deps.mailer.send({
      to: user.email,
      ...emailChangeNoticeMail({
        siteName: deps.siteName,
        username: user.username,
        newEmail: email,
        resetLink: `${deps.publicUrl}/forgot-password`,
      }),
    });
  }

  /** Takes a code for `purpose` that is unused and current, inside `tx`; anything else is InvalidCodeError. */
  async function takeCode(tx: Tx, code: string, purpose: string) {
    if (!isCodeShaped(code)) throw new InvalidCodeError();
    const [row] = await tx
      .select()
      .from(accountCodes)
      .where(
        and(
          eq(accountCodes.codeHash, hashCode(code)),
          eq(accountCodes.purpose, purpose as "password-reset"),
          isNull(accountCodes.usedAt),
          gt(accountCodes.expiresAt, new Date()),
        ),
      )
      .for("update")
      .limit(1);
    if (!row) throw new InvalidCodeError();
    await tx.update(accountCodes).set({ usedAt: new Date() }).where(eq(accountCodes.id, row.id));
    return row;
  }

  return {
    /** Makes an account and logs it in; a confirmation mail goes to its address. */
    async register(request: Visitor, raw: unknown): Promise<OpenedSession> {
      // Typos do not count towards the limit; every well-formed try does.
      const input = parseAccountInput(registerInput, raw);
      await refuseIfLimited(limits.register.hit(addressKey(request.ip)));
      const problem = passwordProblem(input.password, { email: input.email, username: input.username });
      if (problem) throw new AccountInputError("password", problem);
      const passwordHash = await hashPassword(input.password);
      const [user] = await db
        .insert(users)
        .values({ username: input.username, email: input.email, passwordHash })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new AccountTakenError();
      later(() => sendConfirmation(user));
      return openSession(db, user, "local");
    },

    /** Logs in with an e-mail address or user name and the password. */
    async login(request: Visitor, raw: unknown, strategy = "local"): Promise<OpenedSession> {
      const input = parseAccountInput(loginInput, raw);
      const user = await findByIdentifier(input.identifier);
      const hash = user?.passwordHash;
      // An unknown account (or one without a password) is checked against a decoy, so it takes as long.
      const matches = await passwordAttempt(request, accountKeyOf(user, input.identifier), async () =>
        hash ? verifyPassword(input.password, hash) : verifyPassword(input.password, await decoyHash()).then(() => false),
      );
      if (!user || !matches) throw new InvalidCredentialsError();
      if (user.blocked) throw new AccountBlockedError();
      if (needsRehash(user.passwordHash!)) {
        const passwordHash = await hashPassword(input.password);
        await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      }
      return openSession(db, user, strategy);
    },

    /**
     * Logs in with a social provider's identity: the account linked to it; else the account with
     * the same address, which the provider must have verified (and the link is kept); else a new
     * account. An address the provider has not verified makes and joins nothing, so nobody can
     * take over an account through a provider that lets people claim any address.
     */
    async loginWithIdentity(identity: ProviderIdentity): Promise<OpenedSession> {
      let user: User;
      try {
        user = await linkIdentity(identity);
      } catch (error) {
        // Two first logins with one identity at once (two tabs): the second finds the first's link.
        if (!isUniqueViolation(error)) throw error;
        user = await linkIdentity(identity);
      }
      if (user.blocked) throw new AccountBlockedError();
      return openSession(db, user, identity.provider);
    },

    /** The session a token stands for, while it is open and its account not blocked; else null. */
    async authenticate(token: string | null | undefined): Promise<CurrentSession | null> {
      if (!token) return null;
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const [row] = await db
        .select({ user: users, session: sessions })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
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
        user: publicUser(row.user),
        sessionId: row.session.id,
        strategy: row.session.strategy,
        expiresAt: row.session.expiresAt,
        hasPassword: row.user.passwordHash !== null,
      };
    },

    /** Ends the token's session on the server; a token that is not genuine changes nothing. */
    async logout(token: string | null | undefined): Promise<void> {
      const claims = token ? await tokens.verify(token) : null;
      if (!claims) return;
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt)));
    },

    /**
     * Changes the password of a logged-in customer, who must give the current one. Every session
     * of the account ends (a thief's too); the customer gets a new one for this browser.
     */
    async changePassword(request: Visitor, userId: number, raw: unknown): Promise<OpenedSession> {
      const input = parseAccountInput(changePasswordInput, raw);
      const user = await requireCurrentPassword(request, userId, input.currentPassword);
      if (input.password !== input.passwordConfirmation) {
        throw new AccountInputError("passwordConfirmation", "The passwords do not match.");
      }
      const problem = passwordProblem(input.password, user);
      if (problem) throw new AccountInputError("password", problem);
      const passwordHash = await hashPassword(input.password);
      return db.transaction((tx) => replacePassword(tx, user, { passwordHash }));
    },

    /**
     * Starts changing a customer's e-mail address: the current password is needed, and the new
     * address only replaces the old one when the link mailed to it is followed.
     */
    async changeEmail(request: Visitor, userId: number, raw: unknown): Promise<{ email: string }> {
      const input = parseAccountInput(changeEmailInput, raw);
      const user = await requireCurrentPassword(request, userId, input.currentPassword);
      if (input.email === user.email) throw new AccountInputError("email", "This is already your e-mail address.");
      await refuseIfLimited(limits.mailToAddress.hit(input.email));
      if (await findByEmail(input.email)) throw new AccountInputError("email", "This e-mail address belongs to another account.");
      later(() => sendConfirmation(user, input.email));
      return { email: input.email };
    },

    /** Ends one session by its id (a page's logout, where the session was read from the cookie). */
    async endSession(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    /** Mails a reset link when the address has an account; answers the same either way. */
    async forgotPassword(request: Visitor, raw: unknown): Promise<void> {
      const { email } = parseAccountInput(emailInput, raw);
      await mailAccountLater(request, email, async (user) => {
        const code = await issueCode(user, "password-reset", user.email, RESET_CODE_MINUTES);
        const link = `${deps.publicUrl}/reset-password?code=${encodeURIComponent(code)}`;
        await deps.mailer.send({
          to: user.email,
          ...passwordResetMail({ siteName: deps.siteName, username: user.username, link, expiresInMinutes: RESET_CODE_MINUTES }),
        });
      });
    },

    /**
     * Sets a new password with a mailed code, ends every session of the account, and opens a new
     * one. The code proves the visitor reads the account's mail, so it also confirms the address.
     */
    async resetPassword(request: Visitor, raw: unknown): Promise<OpenedSession> {
      await refuseIfLimited(limits.codes.hit(addressKey(request.ip)));
      const input = parseAccountInput(resetPasswordInput, raw);
      if (input.password !== input.passwordConfirmation) {
        throw new AccountInputError("passwordConfirmation", "The passwords do not match.");
      }
      return db.transaction(async (tx) => {
        const code = await takeCode(tx, input.code, "password-reset");
        const [user] = await tx.select().from(users).where(eq(users.id, code.userId)).for("update");
        if (!user || user.blocked || user.email !== code.email) throw new InvalidCodeError();
        const problem = passwordProblem(input.password, user);
        if (problem) throw new AccountInputError("password", problem);
        return replacePassword(tx, user, { passwordHash: await hashPassword(input.password), confirmed: true });
      });
    },

    /** Mails a new confirmation link when the address has an unconfirmed account; answers the same either way. */
    async sendEmailConfirmation(request: Visitor, raw: unknown): Promise<{ email: string }> {
      const { email } = parseAccountInput(emailInput, raw);
      await mailAccountLater(request, email, async (user) => {
        if (!user.confirmed) await sendConfirmation(user);
      });
      return { email };
    },

    /** Mails the user name of the address's account (SPEC's recover-user page); answers the same either way. */
    async remindAccount(request: Visitor, raw: unknown): Promise<{ email: string }> {
      const { email } = parseAccountInput(emailInput, raw);
      await mailAccountLater(request, email, async (user) => {
        await deps.mailer.send({
          to: user.email,
          ...accountReminderMail({
            siteName: deps.siteName,
            username: user.username,
            loginLink: `${deps.publicUrl}/login`,
            resetLink: `${deps.publicUrl}/forgot-password`,
          }),
        });
      });
      return { email };
    },

    /** Confirms the address a mailed confirmation code was sent to. */
    async confirmEmail(request: Visitor, raw: unknown): Promise<PublicUser> {
      await refuseIfLimited(limits.codes.hit(addressKey(request.ip)));
      const input = parseAccountInput(confirmationInput, raw);
      try {
        return await confirmCode(input.confirmation);
      } catch (error) {
        // The address was taken by a sign-up between the check and the change.
        if (isUniqueViolation(error)) throw new InvalidCodeError();
        throw error;
      }
    },

    /** Resolves when work started after answering (mails) has finished: for shutdown and tests. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
