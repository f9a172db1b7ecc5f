import { Panel } from "~/components/admin/panel";
import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/customer";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { staffScope } from "~/lib/admin-actions.server";
import { formFailure, formFields } from "~/lib/forms.server";
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

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const staff = staffScope(context);
  const target = { userId: params.id, version: fields.version };
  try {
    switch (fields.intent) {
      case "block":
      case "unblock":
        await context.services.accounts.setBlocked(staff, { ...target, blocked: String(fields.intent === "block") });
        return { ok: true as const, message: fields.intent === "block" ? "Blocked: the customer cannot log in." : "Unblocked." };
      case "end-sessions": {
        const ended = await context.services.accounts.endCustomerSessions(staff, target);
        return { ok: true as const, message: `${ended} session${ended === 1 ? "" : "s"} ended.` };
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, currency } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const version = customer.profile.updatedAt;
  const { profile } = customer;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.username;
  return (
    <div ref={page} className="flex flex-col gap-6">
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
      <FormNotices message={message} failure={failure} shown={[]} />
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value={customer.blocked ? "unblock" : "block"} />
          <input type="hidden" name="version" value={version} />
          <button type="submit" className="button-secondary" disabled={busy}>
            {customer.blocked ? "Unblock login" : "Block login"}
          </button>
        </Form>
        {customer.sessions.length > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="end-sessions" />
            <button type="submit" className="button-secondary" disabled={busy}>
              End all sessions
            </button>
          </Form>
        )}
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
            <p className="text-sm">{customer.membership.current.plan}</p>
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
