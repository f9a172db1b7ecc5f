import { Form } from "react-router";
import { orderDate } from "~/components/account/order-table";
import { TextField } from "~/components/ui/text-field";
import type { FormFailure } from "~/lib/forms.server";
import type { MembershipRow } from "../../../server/modules/back-office/index.ts";
import type { PlanSummary } from "../../../server/modules/membership/shared.ts";

/**
 * A customer's membership on their back-office page (issue 24 §5, ADR 61): the one in force with
 * a form to end it now, or a form to grant a plan (free: no order); then the memberships they had.
 * `failure`: the refusal of one of these forms, shown beside its fields.
 */
export function CustomerMembership({
  current,
  history,
  plans,
  version,
  failure,
  busy,
  erased,
}: {
  current: MembershipRow | null;
  history: MembershipRow[];
  plans: Pick<PlanSummary, "slug" | "name" | "months">[];
  version: string;
  failure: FormFailure | null;
  busy: boolean;
  erased: boolean;
}) {
  const past = history.filter((row) => row.id !== current?.id);
  return (
    <div className="flex flex-col gap-4 text-sm">
      {current ? (
        <div className="flex flex-col gap-2">
          <p>
            <strong>{current.plan}</strong> since {orderDate(current.startsAt)},{" "}
            {current.endsAt ? `until ${orderDate(current.endsAt)}` : "with no end"}
            {current.granted && " · granted by staff"}
          </p>
          {!erased && (
            <Form method="post" className="flex flex-col gap-2" noValidate>
              <input type="hidden" name="intent" value="end-membership" />
              <input type="hidden" name="version" value={version} />
              <input type="hidden" name="membership" value={current.id} />
              <p className="text-grey-600">
                Its benefits stop today. A paid membership&apos;s order is not refunded by this: refund it on the order&apos;s
                page if the customer is owed money.
              </p>
              <button type="submit" className="button-secondary self-start" disabled={busy}>
                End the membership now
              </button>
            </Form>
          )}
        </div>
      ) : (
        <p className="text-grey-600">Not a member.</p>
      )}
      {!current && !erased && plans.length > 0 && (
        <Form method="post" className="flex flex-col gap-3 sm:max-w-sm" noValidate>
          <input type="hidden" name="intent" value="grant-membership" />
          <input type="hidden" name="version" value={version} />
          <label className="flex flex-col gap-1">
            <span>Plan</span>
            <select
              name="plan"
              defaultValue={failure?.values.plan ?? plans[0]!.slug}
              aria-invalid={failure?.fieldErrors.plan ? true : undefined}
              className="rounded-md border border-grey-300 px-2 py-1.5"
            >
              {plans.map((plan) => (
                <option key={plan.slug} value={plan.slug}>
                  {plan.name} ({plan.months === null ? "no end" : `${plan.months} months`})
                </option>
              ))}
            </select>
            {failure?.fieldErrors.plan && <span className="field-error">{failure.fieldErrors.plan}</span>}
          </label>
          <TextField
            label="Last day (optional)"
            hint="Empty: the plan's own length from today. A day runs to midnight UTC."
            name="until"
            type="date"
            defaultValue={failure?.values.until}
            error={failure?.fieldErrors.until}
          />
          <button type="submit" className="button-primary self-start" disabled={busy}>
            Grant the plan (free)
          </button>
        </Form>
      )}
      {past.length > 0 && (
        <div>
          <h3 className="font-semibold">Before</h3>
          <ul className="flex flex-col gap-1">
            {past.map((row) => (
              <li key={row.id}>
                {row.plan}: {orderDate(row.startsAt)} – {row.endsAt ? orderDate(row.endsAt) : "no end"}
                {row.granted && " · granted by staff"}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
