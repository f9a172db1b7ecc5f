import { data } from "react-router";
import type { Route } from "./+types/settings";
import { failureOf } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { failureFor, SettingsForm } from "~/components/admin/settings-form";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The shop's settings an owner changes (issue 25 §5, ADR 68): who sells (invoices), the bank
 * account transfers are paid into, how long an unpaid transfer keeps its stock, and the low-stock
 * threshold. Unset, each is the environment's; ports, the database and secrets stay there.
 */

export const handle: RouteHandle = { backOffice: "settings" };

export const meta: Route.MetaFunction = () => [{ title: "Settings · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  return context.services.shopSettings.view(context.db);
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  if (fields.intent !== "save") throw data(null, { status: 400 });
  try {
    const { changed } = await context.services.shopSettings.change(staffScope(context), fields);
    return { ok: true as const, message: changed.length === 0 ? "Nothing changed." : "Settings saved." };
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "settings", entityId: "shop", unchanging: [] });
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const { settings, version } = loaderData;
  const form = failureFor(failure, "settings");
  const text = (name: string, current: string) => ({ name, defaultValue: form.value(name, current), error: form.error(name) });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <FormNotices message={message} failure={failure} shown={failure ? Object.keys(failure.fieldErrors) : []} />
      <SettingsForm formKey="settings" intent="save" hidden={{ version }} submit="Save settings" className="flex flex-col gap-6">
        <Panel title="Seller (invoices and packing slips)">
          <div className="flex flex-col gap-3 sm:max-w-lg">
            <TextField label="Legal name" {...text("legalName", settings.legalName)} />
            <div className="field">
              <label>
                Address (a line each)
                <textarea
                  name="address"
                  rows={4}
                  defaultValue={form.value("address", settings.address.join("\n"))}
                  aria-invalid={form.error("address") ? true : undefined}
                  className="mt-1 block w-full rounded-md border border-grey-300 px-2 py-1"
                />
              </label>
              {form.error("address") && <p className="field-error">{form.error("address")}</p>}
            </div>
            <TextField label="VAT number" hint="Empty: none printed." {...text("vatId", settings.vatId ?? "")} />
          </div>
        </Panel>
        <Panel title="Bank transfers">
          <div className="flex flex-col gap-3 sm:max-w-lg">
            <TextField label="Account holder" {...text("accountHolder", settings.bank.accountHolder)} />
            <TextField label="IBAN" autoComplete="off" {...text("iban", settings.bank.iban)} />
            <TextField label="BIC" autoComplete="off" {...text("bic", settings.bank.bic)} />
            <TextField
              label="Days an unpaid transfer keeps its items"
              inputMode="numeric"
              hint="Then the order is cancelled and its items go back on sale."
              {...text("reservationDays", String(settings.reservationDays))}
            />
          </div>
        </Panel>
        <Panel title="Stock">
          <div className="sm:max-w-lg">
            <TextField
              label="Low-stock threshold"
              inputMode="numeric"
              hint="An option with this many or fewer in stock (but some) is low, unless it has a threshold of its own. A product is low when one of its options is low or sold out."
              {...text("lowStockAt", String(settings.lowStockAt))}
            />
          </div>
        </Panel>
      </SettingsForm>
    </div>
  );
}
