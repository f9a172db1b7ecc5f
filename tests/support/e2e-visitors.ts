import { expect, type Browser, type BrowserContext } from "@playwright/test";
import { readMailbox, type ReceivedMail } from "./smtp-peer.ts";

let visitors = 0;

/**
 * A browser context that speaks from its own address: the shop trusts one proxy hop, so the
 * X-Forwarded-For header is the visitor's address, and per-address rate limits stay per test.
 */
export async function newVisitor(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  visitors += 1;
  const address = `198.51.${process.pid % 250}.${visitors % 250}`;
  return browser.newContext({ ...options, extraHTTPHeaders: { "x-forwarded-for": address } });
}

let people = 0;

/** A person who does not have an account yet; the password is long and uncommon. */
export function newPerson() {
  people += 1;
  const id = `${process.pid}x${people}x${Date.now() % 100000}`;
  return { username: `keeper${id}`, email: `keeper${id}@example.com`, password: `blue gloves ${id} save` };
}

/** The newest mail to `to` whose subject matches, waiting for it to arrive at the test SMTP server. */
export async function mailTo(to: string, subject: RegExp): Promise<ReceivedMail> {
  const mailbox = process.env.SMTP_MAILBOX;
  if (!mailbox) throw new Error("SMTP_MAILBOX is not set: the e2e global set-up starts the SMTP server");
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMailbox(mailbox)
          .filter((mail) => mail.to.includes(to) && subject.test(mail.subject))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 15_000, message: `a mail to ${to} about ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** Every mail to `to` whose subject matches, received so far. */
export function mailsTo(to: string, subject: RegExp): ReceivedMail[] {
  return readMailbox(process.env.SMTP_MAILBOX ?? "").filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
}
