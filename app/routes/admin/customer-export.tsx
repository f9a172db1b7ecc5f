import { redirect } from "react-router";
import type { Route } from "./+types/customer-export";
import { staffScope } from "~/lib/admin-actions.server";
import type { RouteHandle } from "~/lib/route-handle";
import { shopErrorCode } from "../../../server/lib/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * One customer's personal data as a JSON download (their right of access; issue 24 §5, ADR 61).
 * The customer page's "Download" form asks for the second factor and then sends the browser here;
 * opened later than 10 minutes after the last code, this sends it back to that page to give one.
 * Each download is audited.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const page = `/admin/customers/${encodeURIComponent(params.id)}`;
  try {
    const { filename, data } = await context.services.personalData.exportData(
      staffScope(context),
      { userId: params.id },
      context.session!.sessionId,
    );
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        // Personal data: no cache, shared or private, keeps a copy.
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    const code = shopErrorCode(error);
    if (code === "SECOND_FACTOR_REQUIRED") throw redirect(`${page}?export=code`);
    if (code === "ACCOUNT_NOT_FOUND" || code === "INVALID_INPUT") throw new Response(null, { status: 404 });
    throw error;
  }
}
