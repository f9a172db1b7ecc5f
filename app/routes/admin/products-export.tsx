import type { Route } from "./+types/products-export";
import { listFailure } from "~/lib/admin-lists.server";
import { streamedCsv } from "~/lib/csv-response.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The products the list's address names (all of them, not one page), one row per option, as a
 * spreadsheet (issue 25 §3), streamed as it is read. It holds no one's personal data: no fresh code.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  try {
    return streamedCsv(context.services.backOffice.productsCsv(context, new URL(request.url).searchParams), "products");
  } catch (error) {
    return new Response(`${listFailure(error)}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
