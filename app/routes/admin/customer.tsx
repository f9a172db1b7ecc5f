import { Panel } from "~/components/admin/panel";
import type { Route } from "./+types/customer";
import { orderDate, orderDateTime, orderStatusLabel } from "~/components/account/order-table";
import { Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/* One customer (issue 24 §5): profile, addresses, orders, membership, back-in-stock requests, sessions. */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Customer · Back office" }];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const customer = await context.services.backOffice.customerDetail(context, params.id).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "ACCOUNT_NOT_FOUND" || code === "INVALID_INPUT") throw new Response(null, { status: 404 });
    throw error;
  });
  return { customer, currency: context.env.currency };
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer, currency } = loaderData;
  const { profile } = customer;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.username;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/customers" className="text-link">
            Customers
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{name}</h1>
        <p className="text-sm text-grey-600">
          {profile.email} · {profile.username} · joined {orderDate(profile.joinedAt)}
          {customer.blocked && <strong className="text-danger-700"> · blocked</strong>}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={`Orders (${customer.orders.total}, ${formatMoney(customer.orders.spent, currency)} spent)`}>
          {customer.orders.rows.length === 0 ? (
            <p className="text-sm text-grey-600">No orders.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {customer.orders.rows.map((order) => (
                <li key={order.number}>
                  <Link to={`/admin/orders/${order.number}`} className="text-link">
                    {order.number}
                  </Link>{" "}
                  {orderDate(order.placedAt)} · {orderStatusLabel(order.status)} · {formatMoney(order.total, order.currency)}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Membership">
          {customer.membership.current ? (
            <p className="text-sm">
              {customer.membership.current.plan}
            </p>
          ) : (
            <p className="text-sm text-grey-600">Not a member.</p>
          )}
        </Panel>
        <Panel title="Addresses">
          {customer.addresses.length === 0 ? (
            <p className="text-sm text-grey-600">None saved.</p>
          ) : (
            <ul className="flex flex-col gap-3 text-sm">
              {customer.addresses.map((address) => (
                <li key={address.id}>
                  {address.lines.map((line, i) => (
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))}
                  {address.isDefault && <span className="text-xs text-grey-600">default</span>}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Back-in-stock requests">
          {customer.stockAlerts.length === 0 ? (
            <p className="text-sm text-grey-600">None.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {customer.stockAlerts.map((alert) => (
                <li key={alert.id}>
                  {alert.productName} ({[alert.colour, alert.size].filter(Boolean).join(", ")}) ·{" "}
                  {alert.waiting ? "waiting" : `mailed ${alert.notifiedAt ? orderDate(alert.notifiedAt) : ""}`}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Open sessions">
          {customer.sessions.length === 0 ? (
            <p className="text-sm text-grey-600">None.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {customer.sessions.map((session) => (
                <li key={session.id}>
                  {session.strategy} · since {orderDateTime(session.startedAt)}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
