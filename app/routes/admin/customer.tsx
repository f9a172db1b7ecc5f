import { Panel } from "~/components/admin/panel";
import { useRef } from "react";
import { data, Form, redirectDocument, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/customer";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { CustomerMembership } from "~/components/admin/customer-membership";
import { CustomerPersonalData } from "~/components/admin/customer-personal-data";
import { FormNotices } from "~/components/admin/form-notices";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import { formFields } from "~/lib/forms.server";
import { orderDate, orderDateTime, orderStatusLabel } from "~/components/account/order-table";
import { Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { recentSecondFactor } from "../../../server/modules/staff-access/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * One customer (issue 24 §5): profile, addresses, orders, membership, back-in-stock requests,
 * sessions; block or unblock the login, end the sessions, grant or end a membership, download the
 * personal data or erase it (ADR 61). Changes carry the account's version (a stale page is a
 * 409); the download and the erasure ask for the second factor again after 10 minutes.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Customer · Back office" }];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user, sessionId } = context.session!;
  const [customer, session, plans] = await Promise.all([
    context.services.backOffice.customerDetail(context, params.id).catch((error: unknown) => {
      const code = (error as { code?: string }).code;
      if (code === "ACCOUNT_NOT_FOUND" || code === "INVALID_INPUT") throw new Response(null, { status: 404 });
      throw error;
    }),
    context.services.staffAccess.backOfficeSession(context.db, user.id, sessionId),
    context.services.membership.plans(),
  ]);
  return {
    customer,
    currency: context.env.currency,
    recentSecondFactor: session ? recentSecondFactor(session) : false,
    plans: plans.map(({ slug, name, months }) => ({ slug, name, months })),
  };
}

/** The forms that hand personal data out or take it away: they ask for the second factor again. */
const WITH_CODE = new Set(["export", "erase"]);

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const staff = staffScope(context);
  const { user, sessionId } = context.session!;
  const { accounts, membership, personalData, staffAccess } = context.services;
  const target = { userId: params.id, version: fields.version };
  // The code is never sent back to the page.
  const values = { ...fields, code: "" };
  try {
    if (WITH_CODE.has(fields.intent ?? "") && fields.code) {
      await staffAccess.verifySecondFactor(context, { userId: user.id, sessionId, code: fields.code });
    }
    switch (fields.intent) {
      case "block":
      case "unblock":
        await accounts.setBlocked(staff, { ...target, blocked: String(fields.intent === "block") });
        return { ok: true as const, message: fields.intent === "block" ? "Blocked: the customer cannot log in." : "Unblocked." };
      case "end-sessions": {
        const ended = await accounts.endCustomerSessions(staff, target);
        return { ok: true as const, message: `${ended} session${ended === 1 ? "" : "s"} ended.` };
      }
      case "grant-membership": {
        const granted = await membership.grantByStaff(staff, { ...target, plan: fields.plan, until: fields.until });
        const until = granted.until ? `until ${orderDate(granted.until)}` : "with no end";
        return { ok: true as const, message: `${granted.plan} granted, ${until}: member prices and exclusives apply now.` };
      }
      case "end-membership":
        await membership.endByStaff(staff, { ...target, membership: fields.membership });
        return { ok: true as const, message: "Membership ended: its benefits have stopped." };
      case "export":
        // The file is a download of its own (export.json): a document request, so the browser
        // saves it and this page stays. Asked here first, so a missing code is said on the page.
        await staffAccess.requireRecentSecondFactor(context, { userId: user.id, sessionId });
        return redirectDocument(`/admin/customers/${encodeURIComponent(params.id)}/export.json`);
      case "erase": {
        const erased = await personalData.erase(staff, { ...target, confirm: fields.confirm }, sessionId);
        return {
          ok: true as const,
          message: `Erased. ${erased.ordersKept} order${erased.ordersKept === 1 ? "" : "s"} kept for the books, without contact details.`,
        };
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, values, {
      entityType: "customer",
      entityId: params.id,
      unchanging: ["customer.exported"],
    });
  }
}

// After a refusal (a changed record, a code too old), the page reads again what it shows.
export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, currency, plans } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  // The download's own address, opened when the code is more than 10 minutes old, sends the page back here.
  const [search] = useSearchParams();
  const askedForCode = search.get("export") === "code" && !failure && !message;
  const version = customer.profile.updatedAt;
  const { profile } = customer;
  const erased = profile.erasedAt !== null;
  const name = erased
    ? `Erased customer ${profile.id}`
    : [profile.firstName, profile.lastName].filter(Boolean).join(" ") || profile.username;
  // A form's refusal is shown beside its own fields; the rest above the forms.
  const failedHere = (intents: string[]) => (failure && intents.includes(failure.values.intent ?? "") ? failure : null);
  const shownFields = failure?.values.intent === "grant-membership" ? ["plan", "until"] : ["confirm", "code"];
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
          {erased ? (
            <strong className="text-grey-900"> · erased {orderDate(profile.erasedAt!)}</strong>
          ) : (
            customer.blocked && <strong className="text-danger-700"> · blocked</strong>
          )}
        </p>
      </div>
      <FormNotices
        message={message ?? (askedForCode ? "Enter your authenticator code below to download the data." : null)}
        failure={failure}
        shown={shownFields}
      />
      {!erased && (
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
      )}
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
          <CustomerMembership
            current={customer.membership.current}
            history={customer.membership.history}
            plans={plans}
            version={version}
            failure={failedHere(["grant-membership", "end-membership"])}
            busy={busy}
            erased={erased}
          />
        </Panel>
        <Panel title="Personal data">
          <CustomerPersonalData
            email={profile.email}
            version={version}
            erasedAt={profile.erasedAt}
            askCode={!loaderData.recentSecondFactor}
            failure={failedHere(["export", "erase"])}
            busy={busy}
          />
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
