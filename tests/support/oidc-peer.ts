import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { interactionPolicy, type Adapter, type AdapterPayload, type KoaContextWithOIDC } from "oidc-provider";

/** A person who can log in at the peer. */
export interface OidcPeerAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface OidcPeerOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** The first one is who logs in until loginAs() says otherwise. */
  accounts: OidcPeerAccount[];
  /** The port to listen on (127.0.0.1); a free one when absent. */
  port?: number;
}

export interface OidcPeer {
  /** http://127.0.0.1:<port>, for OIDC_<NAME>_ISSUER. */
  issuer: string;
  /** From now on, every login at the peer is as `sub`, also in a browser that is logged in as someone else. */
  loginAs(sub: string): void;
  /** The next login is refused as if the person had said no (`error=access_denied` back to the client). */
  denyNextLogin(): void;
  /**
   * An access token for `sub` with the scopes a login grants, issued by the peer to `clientId`
   * (the shop's client unless given, or OTHER_APP_CLIENT_ID) without any login: a token the shop
   * never got itself, such as one another app holds. The peer's userinfo endpoint accepts it.
   */
  issueAccessToken(sub: string, clientId?: string): Promise<string>;
  close(): Promise<void>;
}

/** Another app registered at the peer, whose tokens the shop must not take as its own. */
export const OTHER_APP_CLIENT_ID = "another-app";

/** The scopes every login grants: what the shop asks for. */
const GRANTED_SCOPE = "openid email profile";

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, for tests: Vitest and
 * Playwright alike, so nothing here may import a test runner. It has no login form: its
 * interaction page logs the visitor in as the chosen account and grants consent at once, so
 * fetch with manual redirects and a real browser both get through without filling anything in.
 * Opaque access tokens, accepted by its userinfo endpoint. Plain http: development only.
 */
export async function startOidcPeer(options: OidcPeerOptions): Promise<OidcPeer> {
  const first = options.accounts[0];
  if (!first) throw new Error("startOidcPeer needs at least one account");
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  let current = first.sub;
  let denyNext = false;

  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A session at the peer for someone other than the chosen account asks for a new login, so a
  // browser that keeps the peer's cookies still switches accounts when a test says so.
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check("peer_account", "the peer logs in as another account now", (ctx: KoaContextWithOIDC) =>
        ctx.oidc.session?.accountId === current
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    adapter: memoryAdapters(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
      {
        client_id: OTHER_APP_CLIENT_ID,
        client_secret: randomBytes(24).toString("base64url"),
        redirect_uris: ["http://127.0.0.1/another-app/callback"],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    // Own signing key and settings, so the provider prints none of its "development only" notices.
    jwks: { keys: [generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" })] },
    cookies: {
      keys: [randomBytes(32).toString("base64url")],
      // The shop under test runs on the same host (another port), and cookies ignore ports.
      names: { session: "oidc_peer_session", interaction: "oidc_peer_interaction", resume: "oidc_peer_resume" },
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          ...(account.name === undefined ? {} : { name: account.name }),
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
    ttl: { AccessToken: 600, IdToken: 600, RefreshToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = "json";
      ctx.body = out;
    },
  });
  // Koa prints unexpected errors with console.error, which fails a Vitest test; the peer's
  // answer (a 500) is what a test sees.
  provider.silent = true;

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (denyNext) {
      denyNext = false;
      const refusal = { error: "access_denied", error_description: "The person did not allow the login." };
      await provider.interactionFinished(req, res, refusal, { mergeWithLastSubmission: false });
      return;
    }
    const login = details.prompt.name === "login";
    const accountId = login ? current : (details.session?.accountId ?? current);
    if (login && details.session && details.session.accountId !== accountId) {
      // Switching accounts: end the old session here. The provider's own switch is a logout form
      // that only a browser running scripts would submit.
      await (await provider.Session.findByUid(details.session.uid))?.destroy();
      details.session = undefined;
      await details.save(details.exp - Math.floor(Date.now() / 1000));
    }
    // A login starts a new grant: one kept from an earlier session may be another account's.
    const kept = !login && details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const grant = kept ?? new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(GRANTED_SCOPE);
    const grantId = await grant.save();
    const result = login ? { login: { accountId }, consent: { grantId } } : { consent: { grantId } };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  const handle = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === "GET" && req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void handle(req, res);
  });

  return {
    issuer,
    loginAs(sub) {
      if (!accounts.has(sub)) throw new Error(`The OIDC peer has no account ${sub}`);
      current = sub;
    },
    denyNextLogin() {
      denyNext = true;
    },
    async issueAccessToken(sub, clientId = options.clientId) {
      const client = await provider.Client.find(clientId);
      if (!client) throw new Error(`The OIDC peer has no client ${clientId}`);
      if (!accounts.has(sub)) throw new Error(`The OIDC peer has no account ${sub}`);
      // The userinfo endpoint checks the token's grant: same client, same account, not expired.
      const grant = new provider.Grant({ accountId: sub, clientId });
      grant.addOIDCScope(GRANTED_SCOPE);
      const grantId = await grant.save();
      return new provider.AccessToken({
        accountId: sub,
        client,
        grantId,
        scope: GRANTED_SCOPE,
        gty: "authorization_code",
      }).save();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The provider's storage, in memory and for this peer alone (the built-in one is shared by every
 * provider in the process and announces itself on the console).
 */
function memoryAdapters(): (model: string) => Adapter {
  const rows = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const row = rows.get(key);
    if (row && row.expiresAt <= Date.now()) rows.delete(key);
    return rows.get(key)?.payload;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    const findWhere = (match: (payload: AdapterPayload) => boolean) => {
      for (const [stored] of rows) {
        if (!stored.startsWith(`${model}:`)) continue;
        const payload = live(stored);
        if (payload && match(payload)) return payload;
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        rows.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      },
      async find(id) {
        return live(key(id));
      },
      async findByUid(uid) {
        return findWhere((payload) => payload.uid === uid);
      },
      async findByUserCode(userCode) {
        return findWhere((payload) => payload.userCode === userCode);
      },
      async consume(id) {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        rows.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const [stored, row] of rows) if (row.payload.grantId === grantId) rows.delete(stored);
      },
    };
  };
}
