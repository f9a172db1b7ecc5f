import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, pages } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/*
 * The pages editor's use cases (issue 26 §1 and §3, ADR 75), in a shop whose time zone is
 * Europe/Amsterdam: a policy page edited (its other blocks kept, its "last changed" date on the
 * page), a changed address answering 301, a stale form refused (409), each change audited in its
 * transaction; an autosave only of a draft; a schedule typed in the shop's zone saved as the right
 * instant, summer and winter time; a published page archived, a draft deleted; the news editor
 * reading its schedule in the same zone.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let editor: StaffScope;

beforeAll(async () => {
  shop = await seededShop(4, { timeZone: "Europe/Amsterdam" });
  editor = staffScopeOf(systemScope(shop.database.db), { id: 45, email: "pages@example.com", role: "editor" }, "req-pages");
});
afterAll(() => shop.close());

const auditOf = (id: number) =>
  shop.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "page"), eq(auditLog.entityId, String(id))));
const idOf = async (slug: string) =>
  (await shop.database.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)))[0]!.id;

test("a policy page edited, its last change shown; a stale form refused; a page moved keeps its blocks and a 301", async () => {
  const { pagesEditor, pages: site } = shop.services;
  const id = await idOf("returns-policy");
  const before = await pagesEditor.page(editor, id);
  expect(before.status).toBe("published");
  const form = {
    version: before.version,
    title: "Returns policy",
    description: before.description,
    texts: ["## Returns\n\nSixty days now."],
    inSitemap: "on",
    publish: "now",
  };
  await pagesEditor.save(editor, id, form);
  site.invalidate();
  const shown = await site.page("returns-policy", { member: false });
  expect(shown?.blocks).toEqual([{ kind: "text", html: expect.stringContaining("Sixty days now.") }]);
  expect(Date.now() - Date.parse(shown!.changedAt!)).toBeLessThan(60_000);
  expect((await site.page("about", { member: false }))?.changedAt).toBeNull();
  // The form read before that change is refused, and nothing it sent is saved.
  await expect(pagesEditor.save(editor, id, { ...form, title: "Stale" })).rejects.toMatchObject({ code: "STALE_VERSION" });
  expect((await pagesEditor.page(editor, id)).title).toBe("Returns policy");
  expect((await auditOf(id)).map((row) => row.action)).toEqual(["page.updated"]);
  // Another page's address is refused, naming it.
  const about = await pagesEditor.page(editor, await idOf("about"));
  await expect(
    pagesEditor.save(editor, about.id, { ...form, version: about.version, slug: "returns-policy" }),
  ).rejects.toMatchObject({ field: "slug" });
  // The about page's other blocks (an image, products, a call to action) stay where they were.
  await pagesEditor.save(editor, about.id, {
    version: about.version,
    title: about.title,
    description: about.description,
    slug: "about-us",
    texts: about.texts.map((text) => `${text}\n\nMore.`),
    publish: "now",
  });
  expect((await pagesEditor.page(editor, about.id)).otherBlocks).toEqual(about.otherBlocks);
  // Its old address answers 301 to the new one.
  expect(await site.movedTo("/about")).toBe("/about-us");
});

test("a schedule typed in the shop's time zone is the right instant, in summer and in winter time", async () => {
  const { pagesEditor, newsEditor } = shop.services;
  const summer = await pagesEditor.save(editor, null, {
    title: "Summer camp",
    texts: ["Soon."],
    publish: "at",
    publishAt: "2030-07-01T09:00",
  });
  const winter = await pagesEditor.save(editor, null, {
    title: "Winter camp",
    texts: ["Soon."],
    publish: "at",
    publishAt: "2030-01-15T09:00",
  });
  // The night the clocks go forward: 03:30 in Amsterdam is 01:30 UTC.
  const spring = await newsEditor.save(editor, null, { title: "Spring", publish: "at", publishAt: "2030-03-31T03:30:00" });
  const at = async (id: number) =>
    (await shop.database.db.select({ at: pages.publishedAt }).from(pages).where(eq(pages.id, id)))[0]!.at;
  expect((await at(summer.id))?.toISOString()).toBe("2030-07-01T07:00:00.000Z");
  expect((await at(winter.id))?.toISOString()).toBe("2030-01-15T08:00:00.000Z");
  expect((await newsEditor.post(editor, spring.id)).publishedAt).toBe("2030-03-31T01:30:00.000Z");
  expect((await pagesEditor.page(editor, summer.id)).status).toBe("scheduled");
  // An ISO moment with its offset (the API's) is that moment, whatever the zone.
  const page = await pagesEditor.page(editor, winter.id);
  await pagesEditor.save(editor, winter.id, {
    version: page.version,
    title: page.title,
    texts: page.texts,
    publish: "at",
    publishAt: "2030-01-15T09:00:00Z",
  });
  expect((await at(winter.id))?.toISOString()).toBe("2030-01-15T09:00:00.000Z");
});

test("an autosave saves a draft at the version read, and refuses a page on the site or a stale version", async () => {
  const { pagesEditor } = shop.services;
  const made = await pagesEditor.save(editor, null, { title: "Goalkeeper camp", texts: ["First words"] });
  const draft = await pagesEditor.page(editor, made.id);
  expect(draft.status).toBe("draft");
  const saved = await pagesEditor.save(
    editor,
    made.id,
    { version: draft.version, title: "Goalkeeper camp", texts: ["First words and more"], publish: "now" },
    { autosave: true },
  );
  // Autosaved, it stays a draft whatever the form's choice.
  const after = await pagesEditor.page(editor, made.id);
  expect(after).toMatchObject({ status: "draft", texts: ["First words and more"], version: saved.version });
  // Another editor's form, read before the autosave, is refused rather than overwriting it.
  await expect(
    pagesEditor.save(editor, made.id, { version: draft.version, title: "Other", texts: ["Theirs"] }, { autosave: true }),
  ).rejects.toMatchObject({ code: "STALE_VERSION" });
  await pagesEditor.save(editor, made.id, { version: after.version, title: "Goalkeeper camp", texts: ["Done"], publish: "now" });
  const live = await pagesEditor.page(editor, made.id);
  await expect(
    pagesEditor.save(editor, made.id, { version: live.version, title: "Half-typ", texts: ["Do"] }, { autosave: true }),
  ).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
  expect((await pagesEditor.page(editor, made.id)).title).toBe("Goalkeeper camp");
});

test("a published page is archived, never deleted; a draft is deleted; each audited", async () => {
  const { pagesEditor, pages: site } = shop.services;
  const live = await pagesEditor.save(editor, null, { title: "Old camp", texts: ["Gone soon"], publish: "now" });
  const page = await pagesEditor.page(editor, live.id);
  expect(await pagesEditor.remove(editor, live.id, { version: page.version })).toMatchObject({ done: "archived" });
  site.invalidate();
  expect(await site.page(page.slug, { member: false })).toBeNull();
  const draft = await pagesEditor.save(editor, null, { title: "Never", texts: [""] });
  expect(await pagesEditor.remove(editor, draft.id, {})).toMatchObject({ done: "deleted" });
  expect((await auditOf(live.id)).map((row) => row.action)).toEqual(["page.created", "page.archived"]);
  expect((await auditOf(draft.id)).map((row) => row.action)).toEqual(["page.created", "page.deleted"]);
});
