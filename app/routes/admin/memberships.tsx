import { data } from "react-router";
import type { Route } from "./+types/memberships";
import { failureOf } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { CheckField, failureFor, SettingsForm } from "~/components/admin/settings-form";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { decimalAmount } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * Membership plans (issue 25 §5, ADR 68): price, length, benefits (one a line), the member
 * discount, free delivery, early access, and on sale or not. A price change reaches new purchases
 * only: an order keeps the price it was placed with, and a membership its dates.
 */

export const handle: RouteHandle = { backOffice: "settings" };

export const meta: Route.MetaFunction = () => [{ title: "Memberships · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const plans = await context.services.membership.plansForStaff();
  return { plans, currency: context.env.currency };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  if (fields.intent !== "changePlan") throw data(null, { status: 400 });
  try {
    await context.services.membership.changePlan(staffScope(context), fields);
    return { ok: true as const, message: "Plan saved." };
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "membership_plan", entityId: fields.planId ?? "", unchanging: [] });
  }
}

export default function Memberships({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const { plans, currency } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Memberships</h1>
      <p className="text-sm text-grey-700">
        Members pay the plan&rsquo;s discount off every product, unless an option has its own member price (set in the product
        editor), which then applies instead.
      </p>
      <FormNotices message={message} failure={failure} shown={failure ? Object.keys(failure.fieldErrors) : []} />
      {plans.map((plan) => {
        const form = failureFor(failure, `plan:${plan.id}`);
        return (
          <Panel key={plan.id} title={`${plan.name}${plan.publishedAt ? "" : " (not on sale)"}`}>
            <p className="mb-3 text-sm text-grey-600">
              {plan.members} {plan.members === 1 ? "member" : "members"} now · {plan.slug}
            </p>
            <SettingsForm
              formKey={`plan:${plan.id}`}
              intent="changePlan"
              hidden={{ planId: String(plan.id), version: plan.version }}
              submit="Save plan"
            >
              <TextField label="Name" name="name" defaultValue={form.value("name", plan.name)} error={form.error("name")} />
              <div className="field">
                <label>
                  Description
                  <textarea
                    name="description"
                    rows={2}
                    defaultValue={form.value("description", plan.description)}
                    className="mt-1 block w-full rounded-md border border-grey-300 px-2 py-1"
                  />
                </label>
              </div>
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  label={`Price (${currency})`}
                  name="price"
                  inputMode="decimal"
                  hint="0: a free plan."
                  defaultValue={form.value("price", decimalAmount(plan.price, currency))}
                  error={form.error("price")}
                />
                <TextField
                  label="Months"
                  name="months"
                  inputMode="numeric"
                  hint="Empty: never ends."
                  defaultValue={form.value("months", plan.months === null ? "" : String(plan.months))}
                  error={form.error("months")}
                />
                <TextField
                  label="Member discount (%)"
                  name="discountPercent"
                  inputMode="decimal"
                  defaultValue={form.value("discountPercent", String(plan.discountBasisPoints / 100))}
                  error={form.error("discountPercent")}
                />
                <TextField
                  label="Order in the list"
                  name="position"
                  inputMode="numeric"
                  defaultValue={form.value("position", String(plan.position))}
                  error={form.error("position")}
                />
              </div>
              <div className="field">
                <label>
                  Benefits (one a line)
                  <textarea
                    name="benefits"
                    rows={4}
                    defaultValue={form.value("benefits", plan.benefits.join("\n"))}
                    aria-invalid={form.error("benefits") ? true : undefined}
                    className="mt-1 block w-full rounded-md border border-grey-300 px-2 py-1"
                  />
                </label>
                {form.error("benefits") && <p className="field-error">{form.error("benefits")}</p>}
              </div>
              <CheckField label="Free delivery" name="freeDelivery" defaultChecked={plan.freeDelivery} />
              <CheckField label="Early access to new products" name="earlyAccess" defaultChecked={plan.earlyAccess} />
              <CheckField label="On sale" name="onSale" defaultChecked={plan.publishedAt !== null} />
            </SettingsForm>
          </Panel>
        );
      })}
    </div>
  );
}
