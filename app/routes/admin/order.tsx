import { useRef, type ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { Panel } from "~/components/admin/panel";
import type { Route } from "./+types/order";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { orderDateTime, orderStatusLabel } from "~/components/account/order-table";
import { PostalAddress } from "~/components/account/postal-address";
import { TextField } from "~/components/ui/text-field";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import { formFields } from "~/lib/forms.server";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { invoiceKindOf, PAYMENT_STATE_WORDS } from "../../../server/modules/back-office/shared.ts";
import { CARD } from "../../../server/modules/orders/shared.ts";
import { recentSecondFactor } from "../../../server/modules/staff-access/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * One order (issue 24 §4): its lines, totals with VAT, delivery, payment, history and mails, and
 * the actions its state allows, each a form carrying the order's version (a stale one is a 409).
 * Refunds ask for the second factor again when the last was more than 10 minutes ago. Its
 * packing slip and invoice are pages of their own, to print (ADR 62).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Order ${params.number} · Back office` }];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user, sessionId } = context.session!;
  const [order, session, notes] = await Promise.all([
    context.services.backOffice.orderDetail(context, params.number).catch((error: unknown) => {
      if ((error as { code?: string }).code === "ORDER_NOT_FOUND") throw new Response(null, { status: 404 });
      throw error;
    }),
    context.services.staffAccess.backOfficeSession(context.db, user.id, sessionId),
    context.services.backOffice.auditList(context, { entityType: "order", entityId: params.number, action: "order.note" }),
  ]);
  const internalNotes = notes.rows.map((entry) => ({
    id: entry.id,
    by: entry.actorEmail,
    at: entry.at,
    note: String(entry.changes.note?.[1] ?? ""),
  }));
  return { order, recentSecondFactor: session ? recentSecondFactor(session) : false, internalNotes };
}

const ACTIONS = ["markPaid", "ship", "markDelivered", "cancel", "refund", "note", "resend"] as const;
type Intent = (typeof ACTIONS)[number];

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const intent = fields.intent as Intent;
  const number = params.number.toUpperCase();
  const values = { ...fields, code: "" };
  if (!ACTIONS.includes(intent)) throw data(null, { status: 400 });
  const staff = staffScope(context);
  const { user, sessionId } = context.session!;
  const { staff: orders, staffAccess } = context.services;
  try {
    // Money going out asks for the second factor again after 10 minutes.
    if (intent === "refund") {
      if (fields.code) await staffAccess.verifySecondFactor(context, { userId: user.id, sessionId, code: fields.code });
      await staffAccess.requireRecentSecondFactor(context, { userId: user.id, sessionId });
    }
    const body = { note: fields.note || undefined };
    if (intent === "note") await orders.addNote(staff, number, { note: fields.note });
    else if (intent === "resend") await orders.resendLastMail(staff, number);
    // A change to the order itself: only while the order is as the page showed it.
    else {
      await orders.whenCurrent(staff, number, fields.version, async (tx) => {
        switch (intent) {
          case "markPaid":
            return orders.markPaid(tx, number, { note: fields.reference ? `Transfer ${fields.reference}` : undefined });
          case "ship":
            return orders.ship(tx, number, { carrier: fields.carrier, trackingUrl: fields.trackingUrl || undefined });
          case "markDelivered":
            return orders.markDelivered(tx, number, body);
          case "cancel":
            return orders.cancel(tx, number, body);
          case "refund":
            return orders.refund(tx, number, { amount: fields.amount || undefined, note: fields.note || undefined });
        }
      });
    }
  } catch (error) {
    return refusedForm(context, error, values, {
      entityType: "order",
      entityId: number,
      unchanging: ["order.note", "order.mail_resent"],
    });
  }
  return { ok: true as const, done: intent };
}

// After a refusal (a changed record, a code too old), the page reads again what it shows.
export const shouldRevalidate = revalidateAfterRefusal;

const DONE: Record<Intent, string> = {
  markPaid: "Marked paid.",
  ship: "Marked shipped; the customer has been told.",
  markDelivered: "Marked delivered.",
  cancel: "Cancelled; the stock is back.",
  refund: "Refunded.",
  note: "Note added.",
  resend: "The last mail is on its way again.",
};

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, recentSecondFactor, internalNotes } = loaderData;
  const failure = failureOf(actionData);
  const done = actionData && "done" in actionData ? DONE[actionData.done] : null;
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const money = (cents: number) => formatMoney(cents, order.currency);
  const allowed = new Set(order.allowedActions);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/orders" className="text-link">
            Orders
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Order {order.number}</h1>
        <p className="text-sm text-grey-600">
          Placed {orderDateTime(order.placedAt)} ·{" "}
          <strong className="text-grey-900" data-testid="order-status">
            {orderStatusLabel(order.status)}
          </strong>{" "}
          · {order.payment.method === CARD ? "Card" : "Bank transfer"}, {PAYMENT_STATE_WORDS[order.payment.state]}
        </p>
        <PrintLinks order={order} />
      </div>
      <FormNotices message={done} failure={failure} shown={["carrier", "trackingUrl", "amount", "code", "note"]} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <Panel title="Lines">
            <table className="admin-table w-full text-sm">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="text-right">
                    Qty
                  </th>
                  <th scope="col" className="text-right">
                    Price
                  </th>
                  <th scope="col" className="text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line, i) => (
                  <tr key={i}>
                    <td>
                      {line.name}
                      <span className="block text-xs text-grey-600">
                        {[line.sku, line.colour, line.size].filter(Boolean).join(" · ")}
                      </span>
                    </td>
                    <td className="text-right">{line.quantity}</td>
                    <td className="text-right">{money(line.unitPrice)}</td>
                    <td className="text-right">{money(line.lineTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt>Subtotal</dt>
              <dd className="text-right">{money(order.totals.subtotal)}</dd>
              {order.totals.discount > 0 && (
                <>
                  <dt>Discount{order.totals.promoCode ? ` (${order.totals.promoCode})` : ""}</dt>
                  <dd className="text-right">−{money(order.totals.discount)}</dd>
                </>
              )}
              <dt>
                Delivery
                {/* A code that took nothing off the items made the delivery free (checkout refuses one that saves nothing). */}
                {order.totals.promoCode && order.totals.discount === 0 ? ` (free with ${order.totals.promoCode})` : ""}
              </dt>
              <dd className="text-right">{money(order.totals.delivery)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold" data-testid="order-total">
                {money(order.totals.total)}
              </dd>
              {order.totals.vatByRate.map((rate) => (
                <FragmentRow
                  key={rate.rateBasisPoints}
                  label={`VAT ${rate.ratePercent}% of ${money(rate.net)}`}
                  value={money(rate.vat)}
                />
              ))}
              {order.totals.refunded > 0 && <FragmentRow label="Refunded" value={money(order.totals.refunded)} />}
            </dl>
          </Panel>
          <Panel title="History">
            <ol className="flex flex-col gap-1 text-sm" data-testid="order-history">
              {order.history.map((event, i) => (
                <li key={i}>
                  <span className="text-grey-600">{orderDateTime(event.at)}</span> · {event.statusWords}
                  {event.note && <span className="text-grey-700"> — {event.note}</span>}
                </li>
              ))}
            </ol>
          </Panel>
          <Panel title="Internal notes">
            {internalNotes.length > 0 && (
              <ul className="mb-3 flex flex-col gap-2 text-sm" data-testid="internal-notes">
                {internalNotes.map((note) => (
                  <li key={note.id}>
                    <p className="whitespace-pre-line">{note.note}</p>
                    <p className="text-xs text-grey-600">
                      {note.by} · {orderDateTime(note.at)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            <ActionForm intent="note" version={order.version} label="Add the note">
              <label className="flex flex-col gap-1 text-sm">
                <span>Note (staff only; the customer never sees it)</span>
                <textarea name="note" rows={2} className="rounded-md border border-grey-300 px-2 py-1.5" />
              </label>
              {failure?.fieldErrors.note && <p className="field-error">{failure.fieldErrors.note}</p>}
            </ActionForm>
          </Panel>
          <Panel title="Mails">
            {order.mails.length === 0 ? (
              <p className="text-sm text-grey-600">None.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {order.mails.map((mail) => (
                  <li key={mail.id}>
                    {mail.subject}{" "}
                    <span className="text-grey-600">
                      ({mail.state}, {orderDateTime(mail.queuedAt)})
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {order.mails.length > 0 && (
              <div className="mt-3">
                <ActionForm intent="resend" version={order.version} label="Send the last mail again" />
              </div>
            )}
          </Panel>
        </div>
        <div className="flex flex-col gap-6">
          <Panel title="Customer">
            <p className="text-sm">
              {order.customer.id !== null ? (
                <Link to={`/admin/customers/${order.customer.id}`} className="text-link">
                  {order.customer.name ?? order.customer.email}
                </Link>
              ) : (
                <span>{order.customer.name ?? "Guest"}</span>
              )}
              <span className="block text-grey-600">{order.customer.email}</span>
            </p>
          </Panel>
          {order.delivery.sendsGoods && (
            <Panel title="Delivery">
              <p className="text-sm">{order.delivery.methodName}</p>
              {order.delivery.address && <PostalAddress address={order.delivery.address} />}
              {order.delivery.carrier && (
                <p className="mt-2 text-sm">
                  Sent with {order.delivery.carrier}
                  {order.delivery.trackingUrl && (
                    <>
                      {" "}
                      ·{" "}
                      <a className="text-link" href={order.delivery.trackingUrl} rel="noreferrer noopener" target="_blank">
                        tracking
                      </a>
                    </>
                  )}
                </p>
              )}
            </Panel>
          )}
          <Panel title="Payment">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {order.payment.reference && (
                <>
                  <dt className="text-grey-600">Reference</dt>
                  <dd>{order.payment.reference}</dd>
                </>
              )}
              {order.payment.daysLeft !== null && (
                <>
                  <dt className="text-grey-600">Held</dt>
                  <dd>{order.payment.daysLeft} days left</dd>
                </>
              )}
              {order.payment.attempts.map((attempt, i) => (
                <FragmentRow
                  key={i}
                  label={attempt.status}
                  value={`${formatMoney(attempt.amount, attempt.currency)} ${attempt.providerPaymentRef ?? attempt.providerRef ?? ""}`}
                />
              ))}
            </dl>
            {order.payment.attention && (
              <p className="form-error mt-2">
                {order.payment.attention === "mismatch"
                  ? "The provider took another amount: held."
                  : "A refund is still owed by the provider."}
              </p>
            )}
          </Panel>
          <Panel title="Actions">
            {allowed.size === 0 && <p className="text-sm text-grey-600">Nothing to do with this order.</p>}
            <div className="flex flex-col gap-4">
              {allowed.has("markPaid") && (
                <ActionForm intent="markPaid" version={order.version} label="Mark paid">
                  <TextField
                    label="Transfer reference (from the bank statement)"
                    name="reference"
                    defaultValue={failure?.values.reference}
                  />
                </ActionForm>
              )}
              {allowed.has("ship") && (
                <ActionForm intent="ship" version={order.version} label="Mark shipped">
                  <TextField
                    label="Carrier"
                    name="carrier"
                    required
                    defaultValue={failure?.values.carrier}
                    error={failure?.fieldErrors.carrier}
                  />
                  <TextField
                    label="Tracking link"
                    name="trackingUrl"
                    type="url"
                    defaultValue={failure?.values.trackingUrl}
                    error={failure?.fieldErrors.trackingUrl}
                  />
                </ActionForm>
              )}
              {allowed.has("markDelivered") && (
                <ActionForm intent="markDelivered" version={order.version} label="Mark delivered" />
              )}
              {allowed.has("refund") && order.totals.refundable > 0 && (
                <ActionForm intent="refund" version={order.version} label="Refund">
                  <TextField
                    label={`Amount (up to ${money(order.totals.refundable)}; empty: all of it)`}
                    name="amount"
                    inputMode="decimal"
                    defaultValue={failure?.values.amount}
                    error={failure?.fieldErrors.amount}
                  />
                  {!recentSecondFactor && (
                    <TextField
                      label="Authenticator code (asked again for refunds)"
                      name="code"
                      autoComplete="one-time-code"
                      error={failure?.fieldErrors.code}
                    />
                  )}
                </ActionForm>
              )}
              {allowed.has("cancel") && <ActionForm intent="cancel" version={order.version} label="Cancel the order" danger />}
            </div>
          </Panel>
        </div>
      </div>
    </div>
  );
}

/**
 * The order's documents to print (ADR 62): its packing slip when it sends goods, its invoice (a pro
 * forma while unpaid) unless it was cancelled before it was paid.
 */
function PrintLinks({ order }: { order: Route.ComponentProps["loaderData"]["order"] }) {
  const kind = invoiceKindOf(order);
  const invoice = kind === "pro_forma" ? "Pro forma invoice" : kind === "invoice" ? "Invoice" : null;
  if (!order.delivery.sendsGoods && !invoice) return null;
  return (
    <p className="mt-1 flex gap-4 text-sm">
      {order.delivery.sendsGoods && (
        <Link to={`/admin/orders/${order.number}/packing-slip`} className="text-link">
          Packing slip
        </Link>
      )}
      {invoice && (
        <Link to={`/admin/orders/${order.number}/invoice`} className="text-link">
          {invoice}
        </Link>
      )}
    </p>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-grey-600">{label}</dt>
      <dd className="text-right">{value}</dd>
    </>
  );
}

function ActionForm({
  intent,
  version,
  label,
  danger,
  children,
}: {
  intent: Intent;
  version: string;
  label: string;
  danger?: boolean;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="flex flex-col gap-2" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      {children}
      <button type="submit" className={danger ? "button-secondary text-danger-700" : "button-primary"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
