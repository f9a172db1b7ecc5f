import { data, redirect } from "react-router";
import type { PageContext } from "../../server/context.ts";
import type { StaffScope } from "../../server/modules/audit/index.ts";
import { refusedForm, staffScope } from "./admin-actions.server";
import { formContents } from "./forms.server";

/** What an editor's page needs of its module's editor (news-editor's, pages'): one use case for each change. */
export interface EditorUseCases<Options> {
  preview: (markdown: string) => string;
  save: (
    scope: StaffScope,
    id: unknown,
    raw: unknown,
    options?: Options,
  ) => Promise<{ id: number; version: string; created: boolean }>;
  unpublish: (scope: StaffScope, id: unknown, raw: unknown) => Promise<{ done: string }>;
  remove: (scope: StaffScope, id: unknown, raw: unknown) => Promise<{ done: string }>;
  restore: (scope: StaffScope, id: unknown, raw: unknown) => Promise<{ done: string }>;
  previewLink?: (id: number) => { path: string; expiresAt: string };
}

const DONE: Readonly<Record<string, string>> = {
  unpublished: "Unpublished: it is a draft again, off the site.",
  archived: "Archived: it is off the site, and kept with its addresses and history.",
  restored: "Restored as a draft.",
};

/**
 * The editors' one action (ADR 75): intents preview (the text as the site renders it), save,
 * autosave (a draft, at the version read; answers the new version), unpublish, remove (a draft is
 * deleted: back to the list), restore, preview-link. A refusal keeps what was typed; a 409 says
 * who changed the entry.
 */
export async function editorialAction<Options>(
  context: PageContext,
  request: Request,
  page: {
    editor: EditorUseCases<Options>;
    id: string | undefined;
    entityType: string;
    listPath: string;
    editPath: (id: number) => string;
    /** The save's options from the form (a post's new cover, its videos checked). */
    saveOptions?: (form: FormData, fields: Record<string, string>) => Promise<Options>;
    /** The text field a preview renders (the one the preview asked for): `body` by default. */
    previewField?: (fields: Record<string, string>) => string;
    /** The form's fields as the use case takes them. */
    input?: (fields: Record<string, string>) => Record<string, unknown>;
  },
) {
  const { fields, form } = await formContents(request);
  const { editor, id } = page;
  const staff = staffScope(context);
  const none = { preview: null, previewed: null, values: null, link: null, autosaved: null };
  const input = page.input ?? ((typed: Record<string, string>) => typed);
  try {
    switch (fields.intent ?? "") {
      case "preview": {
        const previewed = page.previewField?.(fields) ?? "body";
        return {
          ok: true as const,
          message: null,
          ...none,
          preview: editor.preview(fields[previewed] ?? ""),
          previewed,
          values: fields,
        };
      }
      case "save": {
        const options = page.saveOptions ? await page.saveOptions(form, fields) : undefined;
        const saved = await editor.save(staff, id ?? null, input(fields), options);
        if (saved.created) return redirect(`${page.editPath(saved.id)}?created=1`);
        return { ok: true as const, message: "Saved.", ...none };
      }
      case "autosave": {
        const saved = await editor.save(staff, id ?? null, input(fields), { autosave: true } as Options);
        return { ok: true as const, message: null, ...none, autosaved: { version: saved.version, at: new Date().toISOString() } };
      }
      case "unpublish":
      case "remove":
      case "restore": {
        const moved = await editor[fields.intent as "unpublish" | "remove" | "restore"](staff, id, fields);
        if (moved.done === "deleted") return redirect(page.listPath);
        return { ok: true as const, message: DONE[moved.done]!, ...none };
      }
      case "preview-link": {
        if (!editor.previewLink || id === undefined) throw data(null, { status: 400 });
        const link = editor.previewLink(Number(id));
        return {
          ok: true as const,
          message: null,
          ...none,
          link: { url: `${context.env.publicUrl}${link.path}`, expiresAt: link.expiresAt },
        };
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    if ((error as { code?: string }).code === "ENTRY_NOT_FOUND") throw data(null, { status: 404 });
    return refusedForm(context, error, fields, { entityType: page.entityType, entityId: id ?? "", unchanging: [] });
  }
}
