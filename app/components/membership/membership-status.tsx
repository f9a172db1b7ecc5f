import type { ReactNode } from "react";
import { Form } from "react-router";
import type { MembershipStatus } from "../../../server/modules/membership/index.ts";
import { calendarDate } from "~/lib/dates";
import { planPrice } from "./plan-price";

/**
 * A customer's membership: plan, since, until, and the one thing to do about it (cancel the
 * renewal, or take that back). The forms post to /membership, which answers there.
 */
export function MembershipStatusView({ status, busy = false }: { status: MembershipStatus; busy?: boolean }) {
  const { plan, since, until, renews } = status;
  return (
    <div className="flex flex-col gap-3" data-testid="membership-status">
      <dl className="account-facts">
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
      <Form method="post" action="/membership" className="flex flex-wrap items-center gap-3">
        {until !== null && !renews ? (
          <button type="submit" name="intent" value="resume" className="button-secondary" disabled={busy}>
            Keep my membership
          </button>
        ) : (
          <button type="submit" name="intent" value="stop" className="button-secondary" disabled={busy}>
            {until === null ? "Leave the membership" : "Cancel the renewal"}
          </button>
        )}
        <span className="text-sm text-grey-600">
          {until === null
            ? "Leaving ends your benefits today; you can join again at any time."
            : renews
              ? `Cancelling keeps your benefits until ${calendarDate(until)}.`
              : `Your benefits end on ${calendarDate(until)}.`}
        </span>
      </Form>
    </div>
  );
}

/** The "Your membership" section of the membership pages: the status, and what follows it. */
export function YourMembership({
  status,
  busy,
  className,
  children,
}: {
  status: MembershipStatus;
  busy?: boolean;
  className: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="your-membership" className={className}>
      <h2 id="your-membership" className="text-xl font-semibold">
        Your membership
      </h2>
      <div className="mt-3">
        <MembershipStatusView status={status} busy={busy} />
      </div>
      {children}
    </section>
  );
}
