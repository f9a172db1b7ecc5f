import { data } from "react-router";
import type { Route } from "./+types/invoice";
import { InvoiceSheet } from "~/components/admin/invoice-sheet";
import { PrintFrame } from "~/components/admin/print-frame";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * An order's invoice to print (issue 24 §4, ADR 62): the invoice of a paid order, a pro forma of
 * one not paid yet, or, for an order cancelled before it was paid, the reason it has none.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Invoice ${params.number} · Back office` }];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const invoice = await context.services.backOffice.invoice(context, params.number).catch((error: unknown) => {
    if ((error as { code?: string }).code === "ORDER_NOT_FOUND") throw new Response(null, { status: 404 });
    throw error;
  });
  // The order exists, and its state is why there is nothing to print.
  return invoice.kind === "none" ? data({ invoice }, { status: 409 }) : { invoice };
}

export default function InvoicePage({ loaderData }: Route.ComponentProps) {
  const { invoice } = loaderData;
  const title = `${invoice.kind === "pro_forma" ? "Pro forma invoice" : "Invoice"} ${invoice.number}`;
  return (
    <PrintFrame
      title={title}
      back={{ to: `/admin/orders/${invoice.number}`, label: `Order ${invoice.number}` }}
      printable={invoice.kind !== "none"}
    >
      {invoice.kind === "none" ? (
        <p role="alert" className="form-error">
          {invoice.reason}
        </p>
      ) : (
        <InvoiceSheet invoice={invoice} />
      )}
    </PrintFrame>
  );
}
