import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pages, type Page } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { diffFields, recordAudit, type StaffScope } from "../audit/index.ts";
import {
  chosenSlug,
  editorialStatusOf,
  followAddress,
  forgetAddresses,
  nextVersion,
  parts,
  placeStep,
  publishedAtOf,
  refuseAutosave,
  refuseStale,
  versionOf,
  type PlaceChange,
  type SlugTable,
} from "../editorial/index.ts";
import { MAX_PAGE_SLUG, pageInputIn, withTexts } from "./editor-schemas.ts";

/*
 * Saving a page (issue 26 §1, ADR 75), new or changed, for the back office and the content API
 * alike, as the news editor saves a post: its address (a changed one keeps the old answering 301),
 * its blocks, its place on the site (a draft, now, or scheduled in the shop's time zone); one
 * transaction with its audit entry, at the version read (409). Once committed the pages' cache
 * follows. And its place apart from its fields: unpublish, delete a draft, archive, restore.
 */

export interface PagesEditorDeps {
  timeZone: string;
  /** Told once a change has committed: the pages' cache (and the page cache) follow. */
  changed: () => void;
}

export interface PageSaveOptions {
  autosave?: boolean;
  now?: Date;
}

const AUDITED = ["title", "slug", "description", "blocks", "membersOnly", "inSitemap", "blocked", "publishedAt"] as const;
const PAGE_SLUGS: SlugTable = {
  table: pages,
  id: pages.id,
  slug: pages.slug,
  title: pages.title,
  noun: "page",
  max: MAX_PAGE_SLUG,
};
export const pagePath = (page: { slug: string }) => `/${page.slug}`;
const next = nextVersion(pages.updatedAt);

export function pageNotFound(): ShopError {
  return new ShopError("ENTRY_NOT_FOUND", "No such page.");
}

async function lockPage(db: Db, id: number, version: string | undefined): Promise<Page & { version: string }> {
  const [row] = await db
    .select({ page: pages, version: versionOf(pages.updatedAt) })
    .from(pages)
    .where(eq(pages.id, id))
    .for("update");
  if (!row) throw pageNotFound();
  const locked = { ...row.page, version: row.version };
  refuseStale(locked, version);
  return locked;
}

export async function savePage(
  scope: StaffScope,
  deps: PagesEditorDeps,
  rawId: unknown,
  raw: unknown,
  options: PageSaveOptions = {},
): Promise<{ id: number; slug: string; version: string; created: boolean; changed: string[] }> {
  const id = rawId === null || rawId === undefined ? null : parseInput(parts.EntryId, rawId, "id");
  const input = parseInput(pageInputIn(deps.timeZone), options.autosave ? { ...(raw as object), publish: "draft" } : raw);
  const now = options.now ?? new Date();
  const result = await withTransaction(scope, async (tx) => {
    const before = id === null ? null : await lockPage(tx.db, id, input.version);
    if (options.autosave) refuseAutosave(before);
    const slug = await chosenSlug(tx.db, PAGE_SLUGS, input.slug, input.title, id);
    const blocks = input.blocks ?? withTexts(before?.blocks ?? [], input.texts ?? []);
    const values = {
      title: input.title,
      slug,
      description: input.description,
      blocks,
      membersOnly: input.membersOnly,
      inSitemap: input.inSitemap,
      blocked: input.blocked ?? before?.blocked ?? false,
      publishedAt: publishedAtOf(input, before, now),
    };
    if (!before) {
      const [made] = await tx.db
        .insert(pages)
        .values(values)
        .returning({ id: pages.id, version: versionOf(pages.updatedAt) });
      const changes = Object.fromEntries(AUDITED.map((field) => [field, [null, values[field]]])) as Record<
        string,
        [unknown, unknown]
      >;
      await recordAudit(tx, { action: "page.created", entityType: "page", entityId: made!.id, changes });
      await followAddress(tx.db, "page", made!.id, pagePath(values), pagePath(values));
      return { id: made!.id, slug, version: made!.version, created: true, changed: [...AUDITED] as string[] };
    }
    const changes = diffFields(before, values, AUDITED);
    // An archived page published again comes back; saved as a draft it stays archived.
    const archivedAt = before.archivedAt !== null && values.publishedAt === null ? before.archivedAt : null;
    if (archivedAt?.getTime() !== before.archivedAt?.getTime()) changes.archivedAt = [before.archivedAt, archivedAt];
    const [after] = await tx.db
      .update(pages)
      .set({ ...values, archivedAt, updatedAt: next })
      .where(eq(pages.id, before.id))
      .returning({ version: versionOf(pages.updatedAt) });
    await followAddress(tx.db, "page", before.id, pagePath(before), pagePath(values));
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, { action: "page.updated", entityType: "page", entityId: before.id, changes });
    return { id: before.id, slug, version: after!.version, created: false, changed: Object.keys(changes) };
  });
  afterCommit(scope, deps.changed);
  return result;
}

export async function movePage(
  scope: StaffScope,
  deps: PagesEditorDeps,
  rawId: unknown,
  raw: unknown,
  place: PlaceChange,
): Promise<{ id: number; done: "unpublished" | "deleted" | "archived" | "restored" }> {
  const id = parseInput(parts.EntryId, rawId, "id");
  const { version } = parseInput(parts.VersionInput, raw);
  const result = await withTransaction(scope, async (tx) => {
    const page = await lockPage(tx.db, id, version);
    const audit = (action: string, changes: Record<string, [unknown, unknown]>) =>
      recordAudit(tx, { action, entityType: "page", entityId: id, changes });
    const set = (values: Partial<Page>) =>
      tx.db
        .update(pages)
        .set({ ...values, updatedAt: next })
        .where(eq(pages.id, id));
    switch (placeStep(editorialStatusOf(page), place)) {
      case "unpublish":
        await set({ publishedAt: null });
        await audit("page.unpublished", { publishedAt: [page.publishedAt, null] });
        return { id, done: "unpublished" as const };
      case "restore":
        await set({ archivedAt: null });
        await audit("page.restored", { archivedAt: [page.archivedAt, null] });
        return { id, done: "restored" as const };
      case "delete":
        await forgetAddresses(tx.db, "page", id);
        await tx.db.delete(pages).where(eq(pages.id, id));
        await audit("page.deleted", { title: [page.title, null], slug: [page.slug, null] });
        return { id, done: "deleted" as const };
      case "none":
        return { id, done: "archived" as const };
      case "archive": {
        const now = new Date();
        await set({ archivedAt: now, publishedAt: null });
        await audit("page.archived", { publishedAt: [page.publishedAt, null], archivedAt: [null, now] });
        return { id, done: "archived" as const };
      }
    }
  });
  afterCommit(scope, deps.changed);
  return result;
}
