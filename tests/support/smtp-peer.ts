import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as the peer received it: envelope recipients, parsed content and the links in it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), as plain addresses: who the mail was really sent to. */
  to: string[];
  /** The From header's address alone, e.g. `shop@example.com` (no display name), like `to`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) address in the text and in the HTML (hrefs and visible text), first seen first, once each. */
  links: string[];
  /** The mail's headers by lower-cased name, as sent (folded lines joined); the last of a repeated name. */
  headers: Record<string, string>;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or createMailer's smtpUrl. */
  url: string;
  /** Every mail received so far, oldest first. */
  messages: ReceivedMail[];
  /** The first mail (already received or still to come) that matches; rejects after `timeoutMs` (10 s). */
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port for tests (Vitest and Playwright alike, so nothing here
 * may import a test runner). Plain SMTP without STARTTLS or authentication, and silent.
 */
export async function startSmtpPeer(options: { mailboxDir?: string } = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  // Playwright's tests run in other processes than the global set-up that starts the peer: they
  // read what it received from this folder, one JSON file per mail (see readMailbox()).
  if (options.mailboxDir) mkdirSync(options.mailboxDir, { recursive: true });
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          const html = parsed.html || "";
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: parsed.from?.value[0]?.address ?? "",
            subject: parsed.subject ?? "",
            text,
            html,
            links: linksIn(text, html),
            headers: Object.fromEntries(
              parsed.headerLines.map(({ key, line }) => [
                key.toLowerCase(),
                line
                  .slice(line.indexOf(":") + 1)
                  .replace(/\r?\n[ \t]+/g, " ")
                  .trim(),
              ]),
            ),
          };
          messages.push(mail);
          if (options.mailboxDir) {
            // Written aside, then renamed: a test reading the mailbox never reads half a mail.
            const file = join(options.mailboxDir, `${String(messages.length).padStart(6, "0")}.json`);
            writeFileSync(`${file}.partial`, JSON.stringify(mail));
            renameSync(`${file}.partial`, file);
          }
          for (const waiter of waiters) waiter(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // Client sockets that reset or time out are reported as server errors; an unhandled one would
  // crash the test process, and a peer that cannot deliver shows up as a mail that never arrives.
  server.on("error", () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(predicate, timeoutMs = 10_000) {
      const received = messages.find(predicate);
      if (received) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const subjects = messages.map((mail) => JSON.stringify(mail.subject)).join(", ") || "none";
          reject(new Error(`No matching mail within ${timeoutMs} ms (received: ${subjects}).`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Enough HTML entity decoding for addresses: `&amp;` in an href is a plain `&` in the link. */
function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** http(s) addresses in both parts; punctuation that ends a sentence is not part of the link. */
function linksIn(text: string, html: string): string[] {
  const found = `${text}\n${decodeEntities(html)}`.match(/https?:\/\/[^\s"'<>]+/gi) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:!?)\]]+$/, "")))];
}

/** The mails a peer started with `mailboxDir` has received, oldest first. */
export function readMailbox(mailboxDir: string): ReceivedMail[] {
  let names: string[];
  try {
    names = readdirSync(mailboxDir)
      .filter((name) => name.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(join(mailboxDir, name), "utf8")) as ReceivedMail);
}
