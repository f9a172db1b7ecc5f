import type { Scope } from "../../lib/scope.ts";
import { changeEmail, confirmEmail, sendEmailConfirmation } from "./email-confirmation.ts";
import { createKit, type AccountScope, type AccountsDeps } from "./kit.ts";
import { login } from "./login.ts";
import { remindAccount } from "./mail-requests.ts";
import { changePassword } from "./password-change.ts";
import { forgotPassword, resetPassword } from "./password-reset.ts";
import { register } from "./register.ts";
import { accountFromOrder } from "./account-from-order.ts";
import { authenticate, endSession, logout } from "./sessions.ts";
import { loginWithIdentity, type ProviderIdentity } from "./social-identity.ts";
import { endCustomerSessions, setBlocked } from "./staff-actions.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export { SESSION_SECONDS } from "./tokens.ts";
export { hasScope, type PublicUser } from "./user-view.ts";
export type { AccountScope, AccountsDeps, GuestBags } from "./kit.ts";
export type { CurrentSession, OpenedSession } from "./sessions.ts";
export { blockInput } from "./staff-actions.ts";
export type { ProviderIdentity } from "./social-identity.ts";

/**
 * Customer accounts: registration, login and sessions, e-mail confirmation and password reset
 * (issue 4; SPEC §3-§9). Every adapter (content backend /api, the login API /auth, pages) calls
 * these with its request's scope and the raw input, which is parsed here with the module's
 * schemas. Each use case lives in a file of its own; this is the module's public face.
 *
 * Sessions are rows; the token the client holds is a signed JWT naming its session, accepted only
 * while that row is open, so logging out or changing the password ends it at once. Every login
 * (password, sign-up, reset, social) brings the visitor's guest bag along (sessions.ts logIn).
 */
export function createAccounts(deps: AccountsDeps) {
  const kit = createKit(deps);
  return {
    /** Makes an account and logs it in; a confirmation mail goes to its address. */
    register: (scope: AccountScope, raw: unknown) => register(kit, scope, raw),
    /** An account for a guest's order address with one click; its password is chosen by mail. */
    accountFromOrder: (scope: Scope, raw: unknown) => accountFromOrder(kit, scope, raw),
    /** Logs in with an e-mail address or user name and the password. */
    login: (scope: AccountScope, raw: unknown, strategy?: string) => login(kit, scope, raw, strategy),
    /** Logs in with a social provider's identity (see social-identity.ts). */
    loginWithIdentity: (scope: AccountScope, identity: ProviderIdentity) => loginWithIdentity(kit, scope, identity),
    /** The session a token stands for, while it is open and its account not blocked; else null. */
    authenticate: (scope: Scope, token: string | null | undefined) => authenticate(kit, scope, token),
    /** Ends the token's session on the server; a token that is not genuine changes nothing. */
    logout: (scope: Scope, token: string | null | undefined) => logout(kit, scope, token),
    /** Ends one session by its id (a page's logout, where the session was read from the cookie). */
    endSession,
    /** Changes a logged-in customer's password (the current one is needed); every other session ends. */
    changePassword: (scope: Scope, userId: number, raw: unknown) => changePassword(kit, scope, userId, raw),
    /** Starts changing a customer's e-mail address, confirmed by a link mailed to the new one. */
    changeEmail: (scope: Scope, userId: number, raw: unknown) => changeEmail(kit, scope, userId, raw),
    /** Mails a reset link when the address has an account; answers the same either way. */
    forgotPassword: (scope: Scope, raw: unknown) => forgotPassword(kit, scope, raw),
    /** Sets a new password with a mailed code and logs in. */
    resetPassword: (scope: AccountScope, raw: unknown) => resetPassword(kit, scope, raw),
    /** Mails a new confirmation link when the address has an unconfirmed account; answers the same either way. */
    sendEmailConfirmation: (scope: Scope, raw: unknown) => sendEmailConfirmation(kit, scope, raw),
    /** Mails the user name of the address's account; answers the same either way. */
    remindAccount: (scope: Scope, raw: unknown) => remindAccount(kit, scope, raw),
    /** Confirms the address a mailed confirmation code was sent to. */
    confirmEmail: (scope: Scope, raw: unknown) => confirmEmail(kit, scope, raw),
    /** Staff block or unblock a customer's login (the back office); audited. */
    setBlocked,
    /** Staff end every open session of a customer's account; audited. */
    endCustomerSessions,
    /** Resolves when work started after answering (mails) has finished: for shutdown and tests. */
    settled: () => kit.settled(),
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { hashCode, isCodeShaped, newCode } from "./codes.ts";
export { LOGIN_API_STRATEGY, SOCIAL_BROWSER_COOKIE, readSessionCookie } from "./cookies.ts";
export {
  createSocialLogin,
  parseSocialProviders,
  SocialConfigError,
  type SocialLoginStep,
  type SocialProviderConfig,
} from "./social/index.ts";
export { fillUsernameSkeletons, freeUsername, usernameSkeleton } from "./username.ts";
// The staff changes of other modules (membership grants, erasure) read the account as the form saw it.
export { customerAsRead } from "./customer-as-read.ts";
// The shop's one password rule and hash, for accounts the back office makes (staff-access, ADR 59).
export { hashPassword, PASSWORD_MAX, passwordProblem } from "./password.ts";
