import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";
import { E2E_SOCIAL } from "./e2e-social.ts";
import { startFakeStripe } from "./fake-stripe.ts";
import { startOidcPeer } from "./oidc-peer.ts";
import { inviteStaff, setUpOwner } from "./e2e-owner.ts";
import { freePort, makeShopSnapshot, OWNER_SET_UP_LINK, printed, startShop } from "./shop-server.ts";
import { startSmtpPeer } from "./smtp-peer.ts";

const E2E_STRIPE_WEBHOOK_SECRET = "whsec_e2ewebhooksecret000000";

/**
 * Builds the shop if needed and starts one production server that the browser tests share, with
 * its real peers: an SMTP server for its mails (tests read them from SMTP_MAILBOX), an OpenID
 * provider for social login, and a fake of Stripe for card payments. The shop trusts one proxy hop, so each test can speak from its own
 * address (X-Forwarded-For) and the per-address rate limits of one test do not reach another.
 */
export default async function globalSetup() {
  buildIfStale();
  // The demo shop, seeded once: this shop and every fresh one a test starts begin from a copy.
  const snapshot = await makeShopSnapshot();
  process.env.SHOP_SNAPSHOT = snapshot;
  const mailboxDir = mkdtempSync(join(tmpdir(), "shop-e2e-mailbox-"));
  const smtp = await startSmtpPeer({ mailboxDir });
  const port = await freePort();
  const oidc = await startOidcPeer({
    clientId: E2E_SOCIAL.clientId,
    clientSecret: E2E_SOCIAL.clientSecret,
    redirectUris: [`http://127.0.0.1:${port}/api/connect/${E2E_SOCIAL.provider}/callback`],
    accounts: [E2E_SOCIAL.account],
  });
  // Card payments against a local fake of Stripe, whose webhooks go to this shop.
  const stripe = await startFakeStripe({
    webhookSecret: E2E_STRIPE_WEBHOOK_SECRET,
    webhooks: `http://127.0.0.1:${port}/webhooks/stripe`,
  });
  const shop = await startShop({
    port,
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SMTP_URL: smtp.url,
      TRUST_PROXY: "1",
      SOCIAL_PROVIDERS: E2E_SOCIAL.provider,
      OIDC_KEEPERID_ISSUER: oidc.issuer,
      OIDC_KEEPERID_CLIENT_ID: E2E_SOCIAL.clientId,
      OIDC_KEEPERID_CLIENT_SECRET: E2E_SOCIAL.clientSecret,
      OIDC_KEEPERID_LABEL: E2E_SOCIAL.label,
    },
  });
  process.env.SHOP_URL = shop.url;
  // The shop's owner, set up through the link it printed (the back office's tests sign in as it).
  const setUpLink = (await printed(shop, OWNER_SET_UP_LINK))[0];
  const { cookie, ...owner } = await setUpOwner(shop.url, setUpLink);
  const invitationLink = async (email: string) => {
    const mail = await smtp.waitForMail((received) => received.to.includes(email));
    const link = mail.links.find((address) => address.includes("/admin/join"));
    if (!link) throw new Error(`The invitation to ${email} holds no join link:\n${mail.text}`);
    return link;
  };
  process.env.SHOP_OWNER = JSON.stringify(owner);
  const owners = [2, 3, 4, 5].map((n) => ({ email: `owner${n}@example.com`, role: "owner" as const }));
  const [editor, ...more] = await inviteStaff(
    shop.url,
    cookie,
    [{ email: "editor@example.com", role: "editor" }, ...owners],
    invitationLink,
  );
  process.env.SHOP_OWNERS = JSON.stringify([owner, ...more]);
  process.env.SHOP_EDITOR = JSON.stringify(editor);
  process.env.SMTP_MAILBOX = mailboxDir;
  // For tests that start a shop of their own whose mails they read.
  process.env.SMTP_URL = smtp.url;
  return async () => {
    await shop.stop("SIGTERM");
    await Promise.all([smtp.close(), oidc.close(), stripe.close()]);
    rmSync(snapshot, { recursive: true, force: true });
  };
}
