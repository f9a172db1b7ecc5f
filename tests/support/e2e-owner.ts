import { base32Decode } from "../../server/modules/staff-access/base32.ts";
import { totpCode } from "../../server/modules/staff-access/totp.ts";

/** An owner as the browser tests sign in: credentials and unused recovery codes. */
export interface E2eOwner {
  email: string;
  password: string;
  recoveryCodes: string[];
}

const OWNER = { email: "owner@example.com", password: "green gloves keep every goal" };

/**
 * Sets up the owner of the shop at `shopUrl` through the set-up link it printed, as a person does
 * with the forms (no JavaScript): the password, then the authenticator's first code. The browser
 * tests of the back office sign in as this owner with its recovery codes.
 */
export async function setUpOwner(shopUrl: string, link: string, owner = OWNER): Promise<E2eOwner & { cookie: string }> {
  const token = new URL(link).searchParams.get("token")!;
  const made = await fetch(link, {
    method: "POST",
    body: new URLSearchParams({ token, ...owner }),
    redirect: "manual",
  });
  if (made.status !== 302 && made.status !== 303)
    throw new Error(`The owner's set-up answered ${made.status}: ${await made.text()}`);
  const cookie = made.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  const enrolPage = await (await fetch(`${shopUrl}/admin/enrol`, { headers: { cookie } })).text();
  const secret = /data-testid="totp-secret">([A-Z2-7]+)</.exec(enrolPage)?.[1];
  if (!secret) throw new Error(`No authenticator key on the set-up page:\n${enrolPage.slice(0, 500)}`);
  const confirmed = await (
    await fetch(`${shopUrl}/admin/enrol`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ code: totpCode(base32Decode(secret), Date.now()) }),
    })
  ).text();
  const list = /data-testid="recovery-codes">(.*?)<\/ol>/s.exec(confirmed)?.[1] ?? "";
  const recoveryCodes = [...list.matchAll(/<li[^>]*>([^<]+)<\/li>/g)].map((match) => match[1]!);
  if (recoveryCodes.length !== 10) throw new Error(`The owner's enrolment gave no recovery codes:\n${confirmed.slice(0, 500)}`);
  // The cookie is the owner's session, its second factor given: the back office opens with it.
  return { ...owner, recoveryCodes, cookie };
}

/**
 * Staff invited by the first owner (whose session `cookie` gave its code) through the staff page,
 * each with its role, and set up from their mailed links. Each has ten recovery codes, and every
 * browser test that signs in uses one, so the back office's tests share them out over several
 * owners (and the newsroom's over an editor).
 */
export async function inviteStaff(
  shopUrl: string,
  cookie: string,
  people: { email: string; role: "owner" | "staff" | "editor" }[],
  invitationLink: (email: string) => Promise<string>,
): Promise<E2eOwner[]> {
  const invitedStaff: E2eOwner[] = [];
  for (const { email, role } of people) {
    const person = { email, password: OWNER.password };
    const invited = await fetch(`${shopUrl}/admin/staff`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "invite", email, role }),
      redirect: "manual",
    });
    if (invited.status !== 200) throw new Error(`Inviting ${email} answered ${invited.status}: ${await invited.text()}`);
    const { cookie: _session, ...member } = await setUpOwner(shopUrl, await invitationLink(email), person);
    invitedStaff.push(member);
  }
  return invitedStaff;
}
