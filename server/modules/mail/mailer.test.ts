import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { startSmtpPeer, type SmtpPeer } from "../../../tests/support/smtp-peer.ts";
import { createMailer, InvalidRecipientError, listOutbox, MailDeliveryError, readOutboxMail, type Mail } from "./index.ts";

const FROM = "Keeper Shop <shop@keeper.test>";
const ID_SHAPE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{16}$/;

const mail = (overrides: Partial<Mail> = {}): Mail => ({
  to: "alice@example.com",
  subject: "Hello",
  text: "Hi Alice",
  html: "<p>Hi Alice</p>",
  ...overrides,
});

let root: string;
let folder = 0;
/** A fresh, not yet existing outbox folder for each test. */
const newOutbox = () => join(root, `outbox-${++folder}`, "nested");

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "mail-test-"));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("the outbox (no SMTP)", () => {
  test("each mail becomes one complete JSON file, in a folder made when missing", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: FROM });
    const before = Date.now();
    await mailer.send(mail());
    await mailer.close();

    const files = await readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`${ID_SHAPE.source.slice(0, -1)}\\.json$`));
    const stored = JSON.parse(await readFile(join(outboxDir, files[0]!), "utf8"));
    expect(stored).toEqual({
      id: files[0]!.replace(/\.json$/, ""),
      from: FROM,
      to: "alice@example.com",
      subject: "Hello",
      text: "Hi Alice",
      html: "<p>Hi Alice</p>",
      date: expect.any(String),
    });
    expect(Date.parse(stored.date)).toBeGreaterThanOrEqual(before);
    expect(stored.id.startsWith(stored.date.replaceAll(":", "-"))).toBe(true);
  });

  test("listOutbox gives the mails newest first, even when sent within one millisecond", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: FROM });
    for (const subject of ["first", "second", "third"]) await mailer.send(mail({ subject }));

    const listed = await listOutbox(outboxDir);
    expect(listed.map((m) => m.subject)).toEqual(["third", "second", "first"]);
    expect(listed.every((m) => ID_SHAPE.test(m.id) && m.from === FROM)).toBe(true);
    expect(new Set(listed.map((m) => m.id)).size).toBe(3);
  });

  test("listOutbox skips files that are not outbox mails, and a missing folder is an empty outbox", async () => {
    const outboxDir = newOutbox();
    await createMailer({ outboxDir, from: FROM }).send(mail({ subject: "real" }));
    const validName = "2030-01-01T00-00-00.000Z-0123456789abcdef";
    await writeFile(join(outboxDir, `${validName}.json`), "{ not json");
    await writeFile(join(outboxDir, "2030-01-02T00-00-00.000Z-0123456789abcdef.json"), JSON.stringify({ subject: "no" }));
    await writeFile(
      join(outboxDir, "notes.json"),
      JSON.stringify({ ...mail(), id: "notes", from: FROM, date: new Date().toISOString() }),
    );
    await writeFile(join(outboxDir, `.${validName}.tmp`), "{");

    expect((await listOutbox(outboxDir)).map((m) => m.subject)).toEqual(["real"]);
    expect(await readOutboxMail(outboxDir, validName)).toBeNull();
    expect(await listOutbox(join(root, "never-made"))).toEqual([]);
  });

  test("readOutboxMail finds a mail by its id, and nothing for unknown ids", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: FROM });
    await mailer.send(mail({ subject: "one" }));
    await mailer.send(mail({ subject: "two", to: "bob@example.com" }));
    const [newest] = await listOutbox(outboxDir);

    expect(await readOutboxMail(outboxDir, newest!.id)).toEqual(newest);
    expect(newest).toMatchObject({ subject: "two", to: "bob@example.com" });
    expect(await readOutboxMail(outboxDir, "2030-01-01T00-00-00.000Z-0000000000000000")).toBeNull();
  });

  test("ids that are not the outbox's own shape are refused, so none can reach outside the folder", async () => {
    const outboxDir = newOutbox();
    await createMailer({ outboxDir, from: FROM }).send(mail());
    const [stored] = await listOutbox(outboxDir);
    // A well-formed mail file one level up: a traversing id would find it.
    const outsideName = "2030-01-01T00-00-00.000Z-aaaaaaaaaaaaaaaa";
    await writeFile(join(outboxDir, "..", `${outsideName}.json`), JSON.stringify({ ...stored, id: outsideName }));

    const badIds = [
      `../${outsideName}`,
      `..%2F${outsideName}`,
      `nested/../${stored!.id}`,
      `${stored!.id}.json`,
      `${stored!.id}\0`,
      stored!.id.toUpperCase(),
      "",
      "..",
    ];
    for (const id of badIds) expect(await readOutboxMail(outboxDir, id)).toBeNull();
  });

  test("a recipient with a line break is refused and nothing is written", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: FROM });
    for (const to of ["alice@example.com\r\nBcc: eve@example.com", "alice@example.com\nX: y", "alice@example.com\r", "  "]) {
      await expect(mailer.send(mail({ to }))).rejects.toBeInstanceOf(InvalidRecipientError);
    }
    expect(await listOutbox(outboxDir)).toEqual([]);
  });

  test("an outbox that cannot be written is a MailDeliveryError", async () => {
    const blocker = join(root, "a-file");
    await writeFile(blocker, "not a folder");
    const mailer = createMailer({ outboxDir: join(blocker, "outbox"), from: FROM });
    await expect(mailer.send(mail())).rejects.toBeInstanceOf(MailDeliveryError);
  });
});

describe("SMTP", () => {
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer();
  });

  afterAll(async () => {
    await peer?.close();
  });

  afterEach(() => {
    peer.messages.length = 0;
  });

  test("delivers both parts to a real SMTP server, and nothing to the outbox", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ smtpUrl: peer.url, outboxDir, from: FROM });
    const link = "https://shop.example/confirm?token=abc&user=7";
    await mailer.send({
      to: "carol@example.com",
      subject: "Confirm your email address for Keeper Shop",
      text: `Hi Carol,\n\n${link}\n\nSee https://shop.example/help.`,
      html: `<p>Hi Carol,</p><p><a href="${link.replace("&", "&amp;")}">Confirm</a></p><p>http://shop.example/plain</p>`,
    });
    await mailer.close();

    const received = await peer.waitForMail((m) => m.to.includes("carol@example.com"));
    expect(received.to).toEqual(["carol@example.com"]);
    expect(received.from).toBe("shop@keeper.test");
    expect(received.subject).toBe("Confirm your email address for Keeper Shop");
    expect(received.text.trim()).toBe(`Hi Carol,\n\n${link}\n\nSee https://shop.example/help.`);
    expect(received.html).toContain(`<a href="https://shop.example/confirm?token=abc&amp;user=7">Confirm</a>`);
    expect(received.links).toEqual([link, "https://shop.example/help", "http://shop.example/plain"]);
    expect(await listOutbox(outboxDir)).toEqual([]);
  });

  test("a recipient with a line break is refused before anything is sent", async () => {
    const mailer = createMailer({ smtpUrl: peer.url, outboxDir: newOutbox(), from: FROM });
    await expect(mailer.send(mail({ to: "alice@example.com\r\nBcc: eve@example.com" }))).rejects.toBeInstanceOf(
      InvalidRecipientError,
    );
    await mailer.send(mail({ to: "dave@example.com", subject: "after" }));
    await mailer.close();
    await peer.waitForMail((m) => m.subject === "after");
    expect(peer.messages.map((m) => m.to)).toEqual([["dave@example.com"]]);
  });

  test("extra headers (a marketing mail's List-Unsubscribe) arrive as given; one with a line break is refused", async () => {
    const mailer = createMailer({ smtpUrl: peer.url, outboxDir: newOutbox(), from: FROM });
    const headers = {
      "List-Unsubscribe": "<https://shop.example/newsletter/unsubscribe?token=abc.def>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    await mailer.send(mail({ subject: "with headers", headers }));
    await expect(mailer.send(mail({ headers: { "X-Note": "a\r\nBcc: eve@example.com" } }))).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
    await mailer.close();
    const received = await peer.waitForMail((m) => m.subject === "with headers");
    expect(received.headers).toMatchObject({
      "list-unsubscribe": headers["List-Unsubscribe"],
      "list-unsubscribe-post": headers["List-Unsubscribe-Post"],
    });
    expect(peer.messages).toHaveLength(1);
  });

  test("an unreachable SMTP server is a MailDeliveryError", async () => {
    const gone = await startSmtpPeer();
    await gone.close();
    const mailer = createMailer({ smtpUrl: gone.url, outboxDir: newOutbox(), from: FROM });
    const error = await mailer.send(mail()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(String((error as Error).cause)).toMatch(/ECONNREFUSED/);
  });

  test("waitForMail gives up with the subjects it did receive", async () => {
    await createMailer({ smtpUrl: peer.url, outboxDir: newOutbox(), from: FROM }).send(mail({ subject: "only this" }));
    await peer.waitForMail((m) => m.subject === "only this");
    await expect(peer.waitForMail((m) => m.subject === "never", 50)).rejects.toThrow(
      'No matching mail within 50 ms (received: "only this").',
    );
  });
});
