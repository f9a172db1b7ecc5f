import nodemailer from "nodemailer";
import { InvalidRecipientError, MailDeliveryError } from "./errors.ts";
import { writeOutboxMail } from "./outbox.ts";

/** One mail, in both forms: mail clients show the HTML, the text is for those that cannot. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as a marketing mail's List-Unsubscribe (newsletter/list-unsubscribe.ts). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hands the mail over (to SMTP, or to the outbox); rejects with a MailError. */
  send(mail: Mail): Promise<void>;
  /** Releases the SMTP connection, if any; nothing to do for the outbox. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// address, with user:pass when the server wants them. Unset: the outbox. */
  smtpUrl?: string;
  /** Where mails are written when there is no SMTP server (development, tests). */
  outboxDir: string;
  /** The sender, e.g. `Keeper Shop <shop@example.com>`. */
  from: string;
}

/**
 * Nodemailer waits minutes by default for an SMTP server that does not answer; a shopper waiting
 * on a sign-up should not. Values in the URL's query (?socketTimeout=...) still win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** The shop's mailer: SMTP when `smtpUrl` is set, otherwise the development outbox on disk. */
export function createMailer(options: MailerOptions): Mailer {
  const deliver = options.smtpUrl ? smtpDelivery(options.smtpUrl, options.from) : outboxDelivery(options.outboxDir, options.from);
  return {
    async send(mail) {
      if (mail.to.trim() === "" || /[\r\n]/.test(mail.to)) throw new InvalidRecipientError();
      // The shop writes its headers itself; a line break in one would start a header of its own.
      if (Object.entries(mail.headers ?? {}).some(([name, value]) => /[\r\n:]/.test(name) || /[\r\n]/.test(value)))
        throw new MailDeliveryError(new TypeError("A mail header holds a line break."));
      try {
        await deliver.send(mail);
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
    close: deliver.close,
  };
}

function smtpDelivery(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(withTimeouts(smtpUrl));
  return {
    async send({ to, subject, text, html, headers }) {
      await transport.sendMail({ from, to, subject, text, html, ...(headers ? { headers } : {}) });
    },
    async close() {
      transport.close();
    },
  };
}

function outboxDelivery(outboxDir: string, from: string): Mailer {
  return {
    async send({ to, subject, text, html, headers }) {
      await writeOutboxMail(outboxDir, { from, to, subject, text, html, ...(headers ? { headers } : {}) });
    },
    async close() {},
  };
}
