import { createHash } from "node:crypto";
import type { MenuCategory } from "../catalog/index.ts";
import { flagsOf, siteDataOf, type Stored } from "./read.ts";
import { menuEntries, siteView, type MenuEntry, type Signer, type SiteView } from "./view.ts";
import type { SiteData, SiteDataKey } from "./words.ts";

/*
 * One reading of the site's data and everything made of it (ADR 76): GET /data's bodies and their
 * ETags, the pages' view and the header's menu, each made once, on first use, and shared until
 * the data changes.
 */

export interface Answer {
  /** The JSON text of GET /data (or /data/{key}). */
  body: string;
  /** A strong ETag of that text. */
  etag: string;
}

export interface Snapshot {
  stored: Stored;
  data: SiteData;
  /** What says whether two readings hold the same data: every part's and flag's version. */
  fingerprint: string;
  /** The answer for the whole (no key) or one part. */
  answer(key?: SiteDataKey): Answer;
  view(): SiteView;
  /** The header's menu with these categories (the catalogue's menu, itself one object per catalogue). */
  menu(categories: readonly MenuCategory[]): MenuEntry[];
}

const etagOf = (body: string) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;

export function makeSnapshot(stored: Stored, options: { sign?: Signer; contactEmail?: string } = {}): Snapshot {
  const { sign } = options;
  const data = siteDataOf(stored, options.contactEmail ?? null);
  const fingerprint = JSON.stringify([
    Object.values(stored.parts).map((part) => part.version),
    flagsOf(stored),
    stored.flags.map((flag) => flag.version),
  ]);
  const answers = new Map<string, Answer>();
  let view: SiteView | undefined;
  const menus = new WeakMap<readonly MenuCategory[], MenuEntry[]>();
  return {
    stored,
    data,
    fingerprint,
    answer(key) {
      const name = key ?? "";
      let answer = answers.get(name);
      if (!answer) {
        const body = JSON.stringify(key ? { data: data[key], meta: { key } } : { data, meta: {} });
        answer = { body, etag: etagOf(body) };
        answers.set(name, answer);
      }
      return answer;
    },
    view: () => (view ??= siteView(data, sign)),
    menu(categories) {
      let entries = menus.get(categories);
      if (!entries) {
        entries = menuEntries(data.navigation, categories, sign, data.flags);
        menus.set(categories, entries);
      }
      return entries;
    },
  };
}
