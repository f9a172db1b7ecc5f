import { randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import { invalidInput } from "../../../lib/shop-error.ts";
import type { Accounts, AccountScope, OpenedSession } from "../index.ts";
import type { SocialProviderConfig } from "./config.ts";
import { invalidSocialToken, providerUnavailable, unknownProvider } from "./errors.ts";
import { accessTokenField } from "./schemas.ts";
import { createSealedTokens, SEALED_TOKEN_SECONDS } from "./sealed-token.ts";
import { createStateCookies } from "./state-cookie.ts";
import { claimSealedToken } from "./used-tokens.ts";
import { setCookie } from "../../../lib/cookies.ts";
import { SOCIAL_BROWSER_COOKIE } from "../cookies.ts";

export * from "./config.ts";
export * from "./errors.ts";

/** Where a failure the visitor only sees as "social login failed" happened, for the operator's log. */
export type SocialLoginStep = "discovery" | "exchange" | "userinfo";

export interface SocialLoginOptions {
  providers: SocialProviderConfig[];
  publicUrl: string;
  /**
   * The shop's session secret: the state cookie is signed, and the login page's access token
   * sealed, with keys derived from it.
   */
  secret: string;
  accounts: Pick<Accounts, "loginWithIdentity">;
  /**
   * Failures on the provider's side or in its configuration (unreachable, wrong client secret,
   * a token endpoint that refuses the code). The visitor sees only that the login failed, so this
   * is where an operator learns why. Visitors' own doing (saying no, an old or forged callback) is
   * not reported.
   */
  onProviderError?: (error: unknown, context: { provider: string; step: SocialLoginStep }) => void;
}

/** The browser's next stop and the cookie that goes with it. */
export interface SocialRedirect {
  redirectTo: string;
  cookie: string;
}

/** What the login page gets back from a provider: the shop's sealed access token, or this error. */
export const SOCIAL_LOGIN_FAILED = "social-login-failed";

const SCOPE = "openid email profile";
/** Seconds for each request to a provider, so a hanging one does not hold the visitor for long. */
const PROVIDER_TIMEOUT = 10;

/**
 * Social login over OpenID Connect (SPEC §7): the browser goes to /api/connect/{provider}, on to
 * the provider, back to the callback, and lands on the site's login page with an access token,
 * which the page trades at /api/auth/{provider}/callback for the shop's session. That token is the
 * provider's sealed by the shop (sealed-token.ts), so only logins that went through the shop's own
 * code exchange are accepted, never a token the provider issued to another app. The account behind
 * an identity is the accounts module's business (loginWithIdentity).
 *
 * The authorization request uses state, nonce and PKCE (S256); what they were travels in a
 * signed cookie, so no process keeps per-visitor state.
 */
export function createSocialLogin(options: SocialLoginOptions) {
  const byName = new Map(options.providers.map((provider) => [provider.name, provider]));
  const cookies = createStateCookies({ secret: options.secret, secure: options.publicUrl.startsWith("https:") });
  const sealed = createSealedTokens({ secret: options.secret });
  const report = (error: unknown, provider: string, step: SocialLoginStep) =>
    options.onProviderError?.(error, { provider, step });

  function known(name: string): SocialProviderConfig {
    const provider = byName.get(name);
    if (!provider) throw unknownProvider(name);
    return provider;
  }

  const redirectUri = (provider: string) => `${options.publicUrl}/api/connect/${provider}/callback`;

  function loginPage(provider: string, outcome: { access_token: string } | { error: string }): string {
    const url = new URL(`${options.publicUrl}/login`);
    url.searchParams.set("provider", provider);
    for (const [key, value] of Object.entries(outcome)) url.searchParams.set(key, value);
    return url.toString();
  }

  // One discovery per provider, shared by concurrent callers; a failed one is forgotten, so the
  // next request tries again instead of the provider staying broken until a restart.
  const configurations = new Map<string, Promise<oidc.Configuration>>();
  function configurationFor(provider: SocialProviderConfig): Promise<oidc.Configuration> {
    let found = configurations.get(provider.name);
    if (!found) {
      found = discover(provider);
      configurations.set(provider.name, found);
      const pending = found;
      pending.catch(() => {
        if (configurations.get(provider.name) === pending) configurations.delete(provider.name);
      });
    }
    return found;
  }

  return {
    /** The configured providers, in the order given, for the login page's buttons. */
    providers(): { name: string; label: string }[] {
      return options.providers.map(({ name, label }) => ({ name, label }));
    },

    /**
     * Where to send the browser to log in with `provider`, and the state cookie to set. When the
     * provider cannot be reached it sends the browser to the login page with the failure instead.
     */
    async start(providerName: string): Promise<SocialRedirect> {
      const provider = known(providerName);
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationFor(provider);
      } catch (error) {
        report(error, provider.name, "discovery");
        return { redirectTo: loginPage(provider.name, { error: SOCIAL_LOGIN_FAILED }), cookie: cookies.clear() };
      }
      const pending = {
        provider: provider.name,
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(provider.name),
        scope: SCOPE,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: "S256",
      });
      return { redirectTo: url.toString(), cookie: cookies.issue(pending) };
    },

    /**
     * Ends the round trip at the callback: the signed cookie must match the provider and the
     * state, then the code is exchanged (PKCE verifier and ID token nonce checked). The browser goes
     * on to the login page with the provider's access token sealed for five minutes, or with
     * `error=social-login-failed` when anything went wrong; only an unknown provider throws.
     */
    async finish(
      providerName: string,
      callbackUrl: URL,
      cookieHeader: string | null,
    ): Promise<{ redirectTo: string; clearCookie: string; browserCookie?: string }> {
      const provider = known(providerName);
      const clearCookie = cookies.clear();
      const failed = { redirectTo: loginPage(provider.name, { error: SOCIAL_LOGIN_FAILED }), clearCookie };
      const pending = cookies.read(cookieHeader);
      if (!pending || pending.provider !== provider.name || callbackUrl.searchParams.get("state") !== pending.state) {
        return failed;
      }
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationFor(provider);
      } catch (error) {
        report(error, provider.name, "discovery");
        return failed;
      }
      // The address the provider redirected to, as the shop publishes it: behind a proxy the
      // request's own URL may name an internal host, and the token endpoint compares the two.
      const callback = new URL(redirectUri(provider.name));
      callback.search = callbackUrl.search;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          pkceCodeVerifier: pending.verifier,
        });
        // Sealing refuses a token too long for the address: the operator hears of it as the exchange's.
        // The token works on the login page only in this browser (a nonce in a cookie), so nobody
        // can send someone else a link that logs them in to the sender's account.
        const browser = randomBytes(16).toString("base64url");
        const accessToken = sealed.seal(provider.name, tokens.access_token, browser);
        return {
          redirectTo: loginPage(provider.name, { access_token: accessToken }),
          clearCookie,
          browserCookie: browserCookie(browser, options.publicUrl.startsWith("https:")),
        };
      } catch (error) {
        // The provider reporting an error to the callback (the visitor said no) is no fault.
        if (!(error instanceof oidc.AuthorizationResponseError)) report(error, provider.name, "exchange");
        return failed;
      }
    },

    /**
     * Logs in with the access token finish() handed the login page: it must be one this shop sealed
     * for `provider` in the last five minutes, and the provider's token inside it must still pass
     * the provider's userinfo, which says who it is for (`sub`, without an ID token to compare
     * with). The accounts module then links or makes the account. Anything else, a raw token from
     * the provider among them, is INVALID_SOCIAL_TOKEN; it is refused before the provider is asked.
     * The login page passes the browser's nonce cookie (`browser`): the token must be this
     * browser's. API clients (GET /api/auth/{provider}/callback) get the session in the answer
     * rather than in cookies, so they need not.
     */
    async loginWithAccessToken(
      scope: AccountScope,
      providerName: string,
      accessToken: string,
      browser?: string | null,
    ): Promise<OpenedSession> {
      const provider = known(providerName);
      const token = accessTokenField.safeParse(accessToken);
      if (!token.success) throw invalidInput("access_token", token.error.issues[0]!.message);
      const providerToken = sealed.open(token.data, provider.name, browser);
      if (providerToken === null) throw invalidSocialToken();
      // One use only, whichever way it comes back (the login page, the API): a replayed token is refused.
      if (!(await claimSealedToken(scope, token.data))) throw invalidSocialToken();
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationFor(provider);
      } catch (error) {
        report(error, provider.name, "discovery");
        throw providerUnavailable(provider.name);
      }
      let claims: oidc.UserInfoResponse;
      try {
        claims = await oidc.fetchUserInfo(configuration, providerToken, oidc.skipSubjectCheck);
      } catch (error) {
        if (refusesToken(error)) throw invalidSocialToken();
        report(error, provider.name, "userinfo");
        throw providerUnavailable(provider.name);
      }
      return options.accounts.loginWithIdentity(scope, {
        provider: provider.name,
        subject: claims.sub,
        email: claims.email ?? null,
        emailVerified: claims.email_verified === true,
        preferredUsername: claims.preferred_username ?? claims.name ?? null,
      });
    },
  };
}

export type SocialLogin = ReturnType<typeof createSocialLogin>;

/**
 * The provider's metadata and the client's settings. The client authenticates the way the
 * provider says it supports, preferring HTTP Basic (OpenID Connect's default), since the library's
 * default (the secret in the form body) is not accepted everywhere.
 */
async function discover(provider: SocialProviderConfig): Promise<oidc.Configuration> {
  const issuer = new URL(provider.issuer);
  // The configuration allows http for localhost alone (development and tests).
  const insecure = issuer.protocol === "http:";
  const discovered = await oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
    execute: insecure ? [oidc.allowInsecureRequests] : [],
    timeout: PROVIDER_TIMEOUT,
  });
  const metadata = discovered.serverMetadata();
  const methods = metadata.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  const authentication =
    methods.includes("client_secret_basic") || !methods.includes("client_secret_post")
      ? oidc.ClientSecretBasic(provider.clientSecret)
      : oidc.ClientSecretPost(provider.clientSecret);
  const configuration = new oidc.Configuration(metadata, provider.clientId, provider.clientSecret, authentication);
  if (insecure) oidc.allowInsecureRequests(configuration);
  configuration.timeout = PROVIDER_TIMEOUT;
  return configuration;
}

const REFUSALS = new Set([400, 401, 403]);

/** True when the userinfo endpoint turned the token down, rather than failing itself. */
function refusesToken(error: unknown): boolean {
  if (error instanceof oidc.WWWAuthenticateChallengeError || error instanceof oidc.ResponseBodyError) {
    return REFUSALS.has(error.status);
  }
  return error instanceof oidc.ClientError && error.cause instanceof Response && REFUSALS.has(error.cause.status);
}

function browserCookie(value: string, secure: boolean): string {
  return setCookie(SOCIAL_BROWSER_COOKIE, value, { path: "/", maxAge: SEALED_TOKEN_SECONDS, secure });
}
