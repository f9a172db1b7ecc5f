import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import type { NewsEditorDeps } from "./deps.ts";
import { movePost } from "./place.ts";
import { PREVIEW_PATH, previewedPost, previewToken } from "./preview-link.ts";
import { categoryChoices, editablePost, newsList } from "./read.ts";
import { savePost, type NewCover, type SaveOptions } from "./save.ts";
import { PostId } from "./schemas.ts";

export type { NewsEditorDeps } from "./deps.ts";
export type { CategoryChoice, EditablePost, NewsListRow } from "./read.ts";
export type { NewCover, SaveOptions } from "./save.ts";
export { postInputIn } from "./schemas.ts";
export { postVersionOf } from "./version.ts";

export interface NewsEditorConfig extends NewsEditorDeps {
  /** The shop's secret: the key of the preview links' signatures. */
  secret: string;
  /** The shop's Markdown renderer and sanitiser (the news module's): the live preview is what the page shows. */
  renderMarkdown: (markdown: string) => string;
  /** The shop's upload use case for a cover (absent without a data folder): checked, re-encoded, stored. */
  storeImage?: (file: unknown, field: string) => Promise<{ src: string; width: number; height: number }>;
}

/**
 * The newsroom in the back office (issue 26 §1, ADR 75): the list, the editor's reads, one save
 * for the back office and the content API alike, and a post's place on the site.
 */
export function createNewsEditor(config: NewsEditorConfig) {
  const deps: NewsEditorDeps = config;
  return {
    /** The shop's time zone, which the editor's date-time fields are in (and named by). */
    timeZone: config.timeZone,
    list: (scope: Scope, query: unknown) => newsList(scope.db, query),
    post: (scope: Scope, id: unknown) => editablePost(scope.db, parseInput(PostId, id, "id")),
    categories: (scope: Scope) => categoryChoices(scope.db),
    /** A new post (`id` null) or a change to one. */
    save: (scope: StaffScope, id: unknown, raw: unknown, options?: SaveOptions) => savePost(scope, deps, id, raw, options),
    unpublish: (scope: StaffScope, id: unknown, raw: unknown) => movePost(scope, deps, id, raw, "unpublish"),
    /** Deletes a draft; archives a post that is, or will be, on the site. */
    remove: (scope: StaffScope, id: unknown, raw: unknown) => movePost(scope, deps, id, raw, "remove"),
    restore: (scope: StaffScope, id: unknown, raw: unknown) => movePost(scope, deps, id, raw, "restore"),
    /** Stores an uploaded cover (before the save that records it); null when none was sent. */
    async storeCover(file: unknown): Promise<NewCover | null> {
      if (!file || typeof file !== "object" || (file as { size?: number }).size === 0 || !config.storeImage) return null;
      const stored = await config.storeImage(file, "coverFile");
      return { ...stored, size: (file as { size: number }).size };
    },
    /** The body as the post's page shows it (members-only parts included): the editor's live preview. */
    preview: (markdown: string) => config.renderMarkdown(markdown),
    /** A link that shows the post as it will look, for 24 hours, to whoever has it. */
    previewLink(postId: number, now?: number) {
      const { token, expiresAt } = previewToken(config.secret, postId, now);
      return { path: `${PREVIEW_PATH}${token}`, expiresAt: expiresAt.toISOString() };
    },
    /** The post a preview link's token names, while it runs. */
    previewedPost: (token: string, now?: number) => previewedPost(config.secret, token, now),
  };
}

export type NewsEditor = ReturnType<typeof createNewsEditor>;
