import type { Route } from "./+types/orders-export";
import { requireRecentCode } from "~/lib/admin-actions.server";
import { listFailure } from "~/lib/admin-lists.server";
import { streamedCsv } from "~/lib/csv-response.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The accountant's CSV of the orders the list's address names (all of them, not one page),
 * streamed as it is read (ADR 60).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  // The accountant's file holds every buyer's name and address: a fresh code first.
  await requireRecentCode(context, request);
  const params = new URL(request.url).searchParams;
  let rows: AsyncIterable<string>;
  try {
    rows = context.services.backOffice.ordersCsv(context, params);
  } catch (error) {
    return new Response(`${listFailure(error)}\n`, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return streamedCsv(rows, "orders");
}
