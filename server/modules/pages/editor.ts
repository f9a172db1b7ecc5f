import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { parts } from "../editorial/index.ts";
import { editablePage, pagesList } from "./editor-read.ts";
import { movePage, savePage, type PageSaveOptions, type PagesEditorDeps } from "./editor-save.ts";

export interface PagesEditorConfig extends PagesEditorDeps {
  /** The shop's Markdown renderer and sanitiser: the live preview is what the page shows. */
  renderMarkdown: (markdown: string) => string;
}

/**
 * The shop's pages in the back office (issue 26 §1 and §3, ADR 75), the policies included: the
 * list, the editor's read, one save for the back office and the content API, a page's place.
 */
export function createPagesEditor(config: PagesEditorConfig) {
  const deps: PagesEditorDeps = config;
  return {
    timeZone: config.timeZone,
    list: (scope: Scope, query: unknown) => pagesList(scope.db, query),
    page: (scope: Scope, id: unknown) => editablePage(scope.db, parseInput(parts.EntryId, id, "id")),
    save: (scope: StaffScope, id: unknown, raw: unknown, options?: PageSaveOptions) => savePage(scope, deps, id, raw, options),
    unpublish: (scope: StaffScope, id: unknown, raw: unknown) => movePage(scope, deps, id, raw, "unpublish"),
    remove: (scope: StaffScope, id: unknown, raw: unknown) => movePage(scope, deps, id, raw, "remove"),
    restore: (scope: StaffScope, id: unknown, raw: unknown) => movePage(scope, deps, id, raw, "restore"),
    preview: (markdown: string) => config.renderMarkdown(markdown),
  };
}

export type PagesEditor = ReturnType<typeof createPagesEditor>;
