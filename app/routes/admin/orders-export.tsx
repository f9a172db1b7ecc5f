import type { Route } from "./+types/orders-export";
import { requireRecentCode } from "~/lib/admin-actions.server";
import { listFailure } from "~/lib/admin-lists.server";
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
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
