import type { Route } from "./+types/media-upload";
import { staffScope } from "~/lib/admin-actions.server";
import { formContents } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";
import { asShopError } from "../../../server/lib/shared.ts";
import { MEDIA_FILES_FIELD } from "../../../server/modules/media-library/shared.ts";

/*
 * The media library's upload for the page's script (ADR 78): one file a request, so the page can
 * show each file's progress and answer; the same use case as the plain form at /admin/media.
 * Answers JSON: { ok: true, added } or { ok: false, message } with the refusal's status.
 */

export const handle: RouteHandle = { backOffice: "content" };

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  try {
    const added = await context.services.mediaLibrary.upload(staffScope(context), fields, form.getAll(MEDIA_FILES_FIELD));
    return Response.json({ ok: true, added });
  } catch (error) {
    const refused = asShopError(error);
    if (!refused) throw error;
    return Response.json({ ok: false, code: refused.code, message: refused.message }, { status: refused.status });
  }
}
