import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";

/**
 * The development outbox: without SMTP, each mail is one JSON file in a folder, named
 * `<ISO time with ":" as "-">-<16 hex>.json` so names sort by time and the name is the mail's id.
 */
const ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{16}$/;

/** A file is only read back when it has this shape: the folder is shared with whoever writes to it. */
const outboxMail = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  date: z.iso.datetime(),
});

export type OutboxMail = z.infer<typeof outboxMail>;

/** True for a string that can name an outbox file: nothing else is ever joined to the folder's path. */
function isOutboxId(value: unknown): value is string {
  return typeof value === "string" && ID_PATTERN.test(value);
}

let lastStamp = 0;

/**
 * Now, but always later than the previous mail's time: two mails in one millisecond would
 * otherwise sort by their random suffix, not by the order they were sent.
 */
function nextStamp(): Date {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp);
}

/** Writes the mail to a temporary name first and renames it, so a reader never sees half a file. */
export async function writeOutboxMail(outboxDir: string, mail: Omit<OutboxMail, "id" | "date">): Promise<OutboxMail> {
  const date = nextStamp();
  const id = `${date.toISOString().replaceAll(":", "-")}-${randomBytes(8).toString("hex")}`;
  const stored: OutboxMail = { id, ...mail, date: date.toISOString() };
  await mkdir(outboxDir, { recursive: true });
  // The leading dot and suffix keep the temporary file out of listOutbox while it is being written.
  const temporary = join(outboxDir, `.${id}.tmp`);
  try {
    await writeFile(temporary, JSON.stringify(stored, null, 2), { flag: "wx" });
    await rename(temporary, join(outboxDir, `${id}.json`));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return stored;
}

/** Every readable mail in the outbox, newest first; files that are not outbox mails are skipped. */
export async function listOutbox(outboxDir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .filter(isOutboxId)
    .sort()
    .reverse();
  const mails = await Promise.all(ids.map((id) => readOutboxFile(outboxDir, id)));
  return mails.filter((mail) => mail !== null);
}

/** The mail with this id, or null when the id is malformed, unknown, or its file is not a mail. */
export async function readOutboxMail(outboxDir: string, id: string): Promise<OutboxMail | null> {
  return isOutboxId(id) ? readOutboxFile(outboxDir, id) : null;
}

async function readOutboxFile(outboxDir: string, id: string): Promise<OutboxMail | null> {
  try {
    const parsed = outboxMail.safeParse(JSON.parse(await readFile(join(outboxDir, `${id}.json`), "utf8")));
    // The file name is the id the outbox page links to, whatever the file says.
    return parsed.success ? { ...parsed.data, id } : null;
  } catch {
    return null;
  }
}
