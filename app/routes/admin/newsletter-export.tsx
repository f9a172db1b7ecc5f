import { redirect } from "react-router";
import type { Route } from "./+types/newsletter-export";
import { CONFIRM_PATH, requireRecentCode, staffScope } from "~/lib/admin-actions.server";
import { streamedCsv } from "~/lib/csv-response.server";
import type { RouteHandle } from "~/lib/route-handle";
import { shopErrorCode } from "../../../server/lib/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The confirmed subscribers as CSV, for the shop's mailing tool (ADR 77), streamed as it is read.
 * Every address of the list at once: a fresh code first, as for the orders' CSV (ADR 59); the
 * use case checks it again and audits the export.
 */

export const handle: RouteHandle = { backOffice: "content" };

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  await requireRecentCode(context, request);
  try {
    const file = await context.services.newsletter.exportConfirmed(staffScope(context), context.session!.sessionId);
    return streamedCsv(file.chunks, "newsletter-confirmed");
  } catch (error) {
    // The code grew older than 10 minutes between the two checks: ask for it once more.
    if (shopErrorCode(error) === "SECOND_FACTOR_REQUIRED") {
      const url = new URL(request.url);
      throw redirect(`${CONFIRM_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw error;
  }
}
