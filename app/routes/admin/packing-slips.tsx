import { data } from "react-router";
import type { Route } from "./+types/packing-slips";
import { NotPrinted, PrintFrame } from "~/components/admin/print-frame";
import { PackingSlipSheet } from "~/components/admin/packing-slip";
import { listFailure } from "~/lib/admin-lists.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * Packing slips to print (issue 24 §4, ADR 62): one order's (/admin/orders/:number/packing-slip)
 * or those chosen on the order list (/admin/orders/packing-slips?number=...&number=..., a GET so
 * the list's form opens it without JavaScript), each on an A4 page of its own.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.number ? `Packing slip ${params.number}` : "Packing slips"} · Back office` },
];

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const raw = params.number ? { number: params.number } : new URL(request.url).searchParams;
  try {
    const printed = await context.services.backOffice.packingSlips(context, raw);
    // One order's own address names an order that does not exist: that page does not exist either.
    if (params.number && printed.missing.some((one) => !one.found)) {
      throw new Response(null, { status: 404 });
    }
    return { printed, error: null };
  } catch (error) {
    if (error instanceof Response) throw error;
    // A batch that is no batch (none chosen, more than 50, a number that is no number): said, not a 500.
    return data({ printed: null, error: listFailure(error) }, { status: 400 });
  }
}

export default function PackingSlips({ loaderData, params }: Route.ComponentProps) {
  const { printed, error } = loaderData;
  const one = params.number;
  const back = one ? { to: `/admin/orders/${one}`, label: `Order ${one}` } : { to: "/admin/orders", label: "Orders" };
  const count = printed?.slips.length ?? 0;
  return (
    <PrintFrame title={one ? `Packing slip ${one}` : `Packing slips (${count})`} back={back} printable={count > 0}>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {printed && (
        <>
          <NotPrinted missing={printed.missing} />
          <div>
            {printed.slips.map((slip) => (
              <PackingSlipSheet key={slip.number} slip={slip} seller={printed.seller} />
            ))}
          </div>
        </>
      )}
    </PrintFrame>
  );
}
