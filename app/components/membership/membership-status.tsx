import type { ReactNode } from "react";
import { Form } from "react-router";
import type { MemberSavings, MembershipStatus } from "../../../server/modules/membership/index.ts";
import { calendarDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { Link } from "~/components/ui/link";
import { planPrice } from "./plan-price";

/** Where the members' area keeps the one thing a member may change (leave, or cancel the renewal). */
export const MEMBERSHIP_SETTINGS_PATH = "/membership-world#membership-settings";

/** A customer's membership: plan, since, until. What to do about it lives in MembershipSettings. */
/** A member's two ways on: the members' area, and the membership's settings there. */
export function MemberAreaLinks({ className = "" }: { className?: string }) {
  return (
    <p className={`flex flex-wrap gap-x-6 gap-y-2 ${className}`}>
      <Link to="/membership-world" className="text-link">
        Go to the members' area
      </Link>
      <Link to={MEMBERSHIP_SETTINGS_PATH} className="text-link">
        Membership settings
      </Link>
    </p>
  );
}

export function MembershipStatusView({ status }: { status: MembershipStatus }) {
  const { plan, since, until, renews } = status;
  return (
    <dl className="account-facts" data-testid="membership-status">
      <dt>Plan</dt>
      <dd>
        {plan.name} ({planPrice(plan)})
      </dd>
      <dt>Member since</dt>
      <dd>{calendarDate(since)}</dd>
      <dt>Until</dt>
      <dd>
        {until === null
          ? "No end date"
          : `${calendarDate(until)}${renews ? " (we remind you to renew 14 days before)" : " (not renewed)"}`}
      </dd>
    </dl>
  );
}

/**
 * What member prices saved the customer on their paid orders so far (summed on the server). Good
 * news, so it is shown in the brand's mint, never in a warning colour.
 */
export function MemberSavingsView({ savings }: { savings: MemberSavings[] }) {
  if (savings.length === 0) {
    return (
      <p className="text-sm text-grey-700" data-testid="member-savings">
        Your member prices have not saved you anything yet: what they save on your paid orders adds up here.
      </p>
    );
  }
  const orders = savings.reduce((sum, s) => sum + s.orders, 0);
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="member-savings">
      <span className="text-sm font-semibold text-grey-700">Saved so far</span>
      <span className="font-display text-3xl font-bold whitespace-nowrap text-mint-800">
        {savings.map((s) => formatMoney(s.amount, s.currency)).join(" + ")}
      </span>
      <span className="text-sm text-grey-700">
        with member prices on {orders} {orders === 1 ? "order" : "orders"}
      </span>
    </p>
  );
}

/**
 * The membership's settings: leave the membership (a plan without an end), cancel the renewal,
 * or take that back. Kept apart from the status and its benefits, at the end of the members'
 * area, so nobody leaves by mistake. The forms post to /membership, which answers there.
 */
export function MembershipSettings({ status, busy = false }: { status: MembershipStatus; busy?: boolean }) {
  const { until, renews } = status;
  return (
    <section
      id="membership-settings"
      aria-labelledby="membership-settings-title"
      className="flex flex-col gap-4 border-t border-grey-200 pt-8"
    >
      <h2 id="membership-settings-title" className="text-lg font-semibold">
        Membership settings
      </h2>
      <Form method="post" action="/membership" className="flex flex-col items-start gap-3">
        <p className="text-sm text-grey-700">
          {until === null
            ? "Leaving ends your benefits today; you can join again at any time."
            : renews
              ? `Your membership renews on ${calendarDate(until)}. Cancelling keeps your benefits until then.`
              : `Your benefits end on ${calendarDate(until)}. Keep your membership to renew it.`}
        </p>
        {until !== null && !renews ? (
          <button type="submit" name="intent" value="resume" className="button-secondary min-h-11" disabled={busy}>
            Keep my membership
          </button>
        ) : (
          <button type="submit" name="intent" value="stop" className="button-secondary min-h-11" disabled={busy}>
            {until === null ? "Leave the membership" : "Cancel the renewal"}
          </button>
        )}
      </Form>
    </section>
  );
}

/** The "Your membership" section of the membership pages: the status, and what follows it. */
export function YourMembership({
  status,
  className,
  children,
}: {
  status: MembershipStatus;
  className: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="your-membership" className={className}>
      <h2 id="your-membership" className="text-xl font-semibold">
        Your membership
      </h2>
      <div className="mt-3">
        <MembershipStatusView status={status} />
      </div>
      {children}
    </section>
  );
}
