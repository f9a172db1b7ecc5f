import { data } from "react-router";
import type { Route } from "./+types/delivery";
import { failureOf } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { CheckField, failureFor, SettingsForm } from "~/components/admin/settings-form";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { decimalAmount, formatMoney } from "~/lib/money";
import { basisPointsToPercent, SPEED_WORDS } from "../../../server/modules/delivery-rates/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * Delivery and VAT (issue 25 §5, ADR 68): the zones the shop delivers to with their countries and
 * methods, and the VAT rate of each country. Every change is a plain form (no JavaScript needed),
 * carries the zone's or rate's version, and shows on the checkout at once; placed orders keep the
 * prices and rates they were placed with.
 */

export const handle: RouteHandle = { backOffice: "settings" };

export const meta: Route.MetaFunction = () => [{ title: "Delivery and VAT · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  return { ...(await context.services.deliveryRates.overview(context.db)), currency: context.env.currency };
}

const SAID = {
  createZone: "Zone added: the shop delivers to its countries now.",
  renameZone: "Zone renamed.",
  addCountries: "Countries added to the zone.",
  removeCountry: "Country taken out of the zone: the shop no longer delivers there.",
  addMethod: "Delivery method added.",
  changeMethod: "Delivery method saved.",
  setVatRate: "VAT rate saved.",
} as const;
type Intent = keyof typeof SAID;

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const staff = staffScope(context);
  const rates = context.services.deliveryRates;
  const intent = fields.intent ?? "";
  if (!(intent in SAID)) throw data(null, { status: 400 });
  if (intent === "setVatRate") fields.version = fields[`version-${(fields.country ?? "").trim().toUpperCase()}`] ?? "";
  try {
    await rates[intent as Intent](staff, fields);
    return { ok: true as const, message: SAID[intent as Intent] as string };
  } catch (error) {
    const vat = intent === "setVatRate";
    return refusedForm(context, error, fields, {
      entityType: vat ? "vat_rate" : "delivery_zone",
      entityId: (vat ? fields.country : fields.zoneId) ?? "",
      unchanging: [],
    });
  }
}

export default function Delivery({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const { zones, vatRates, currency } = loaderData;
  const money = (minor: number) => formatMoney(minor, currency);
  const amount = (minor: number | null) => (minor === null ? "" : decimalAmount(minor, currency));
  const newZone = failureFor(failure, "new-zone");
  const vatForm = failureFor(failure, "vat");
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Delivery and VAT</h1>
      <FormNotices message={message} failure={failure} shown={failure?.values.form ? Object.keys(failure.fieldErrors) : []} />
      {zones.map((zone) => {
        const key = (what: string) => `${what}:${zone.id}`;
        const rename = failureFor(failure, key("rename"));
        const add = failureFor(failure, key("countries"));
        const method = failureFor(failure, key("method"));
        const target = { zoneId: zone.id, version: zone.version };
        return (
          <Panel key={zone.id} title={zone.name}>
            <div className="flex flex-col gap-4" data-testid="delivery-zone" data-zone={zone.id}>
              <section aria-label={`Countries of ${zone.name}`}>
                <h3 className="text-sm font-semibold">Countries ({zone.countries.length})</h3>
                <ul className="mt-2 flex flex-wrap gap-2 text-sm">
                  {zone.countries.map((country) => (
                    <li key={country.code} className="flex items-center gap-1 rounded bg-grey-100 px-2 py-1">
                      {country.name} ({country.code}) ·{" "}
                      {country.vatBasisPoints === null ? "no VAT rate" : `${basisPointsToPercent(country.vatBasisPoints)} %`}
                      <SettingsForm
                        formKey={key(`remove-${country.code}`)}
                        intent="removeCountry"
                        hidden={{ ...target, country: country.code }}
                        submit={`Remove ${country.code}`}
                        className="inline"
                      />
                    </li>
                  ))}
                </ul>
              </section>
              <SettingsForm formKey={key("countries")} intent="addCountries" hidden={target} submit="Add countries">
                <TextField
                  label="Add or move countries here"
                  name="countries"
                  hint="ISO codes separated by commas, such as FR, BE. A country in another zone moves here."
                  defaultValue={add.value("countries", "")}
                  error={add.error("countries")}
                />
                <TextField
                  label="VAT rate (%) of the countries without one"
                  name="vatPercent"
                  inputMode="decimal"
                  defaultValue={add.value("vatPercent", "")}
                  error={add.error("vatPercent")}
                />
              </SettingsForm>
              <section aria-label={`Delivery methods of ${zone.name}`} className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold">Delivery methods</h3>
                {zone.methods.length === 0 && <p className="text-sm text-grey-600">None yet: nobody can order to this zone.</p>}
                {zone.methods.map((m) => {
                  const edit = failureFor(failure, key(`method-${m.id}`));
                  return (
                    <details key={m.id} className="rounded border border-grey-200 p-2" data-testid="delivery-method">
                      <summary className="cursor-pointer text-sm">
                        {m.name} · {SPEED_WORDS[m.speed]} · {money(m.price)}
                        {m.freeFrom !== null && ` (free from ${money(m.freeFrom)})`} · {m.minDays}–{m.maxDays} days
                        {!m.active && " · inactive"}
                      </summary>
                      <SettingsForm
                        formKey={key(`method-${m.id}`)}
                        intent="changeMethod"
                        hidden={{ ...target, methodId: m.id }}
                        submit="Save method"
                        className="mt-2 flex flex-col gap-3"
                      >
                        <MethodFields
                          form={edit}
                          current={{
                            name: m.name,
                            speed: m.speed,
                            price: amount(m.price),
                            freeFrom: amount(m.freeFrom),
                            minDays: String(m.minDays),
                            maxDays: String(m.maxDays),
                            position: String(m.position),
                          }}
                        />
                        <CheckField label="Active (offered at checkout)" name="active" defaultChecked={m.active} />
                      </SettingsForm>
                    </details>
                  );
                })}
                <details
                  className="rounded border border-dashed border-grey-300 p-2"
                  open={method.error("name") !== null || undefined}
                >
                  <summary className="cursor-pointer text-sm">Add a delivery method</summary>
                  <SettingsForm
                    formKey={key("method")}
                    intent="addMethod"
                    hidden={target}
                    submit="Add method"
                    className="mt-2 flex flex-col gap-3"
                  >
                    <MethodFields
                      form={method}
                      current={{
                        name: "",
                        speed: "standard",
                        price: "",
                        freeFrom: "",
                        minDays: "",
                        maxDays: "",
                        position: String(zone.methods.length),
                      }}
                    />
                  </SettingsForm>
                </details>
              </section>
              <SettingsForm formKey={key("rename")} intent="renameZone" hidden={target} submit="Rename zone">
                <TextField
                  label="Zone name"
                  name="name"
                  defaultValue={rename.value("name", zone.name)}
                  error={rename.error("name")}
                />
              </SettingsForm>
            </div>
          </Panel>
        );
      })}
      <Panel title="New delivery zone">
        <SettingsForm formKey="new-zone" intent="createZone" submit="Add zone">
          <TextField label="Zone name" name="name" defaultValue={newZone.value("name", "")} error={newZone.error("name")} />
          <TextField
            label="Countries"
            name="countries"
            hint="ISO codes separated by commas, such as TH, VN. A country in another zone moves here."
            defaultValue={newZone.value("countries", "")}
            error={newZone.error("countries")}
          />
          <TextField
            label="VAT rate (%) of the countries without one"
            name="vatPercent"
            inputMode="decimal"
            hint="Needed when a country has no rate yet: 0 for exports outside VAT."
            defaultValue={newZone.value("vatPercent", "")}
            error={newZone.error("vatPercent")}
          />
        </SettingsForm>
        <p className="mt-2 text-sm text-grey-600">Add its delivery methods once it exists.</p>
      </Panel>
      <Panel title="VAT rates">
        <div className="flex flex-col gap-4">
          <div className="overflow-x-auto">
            <table className="admin-table w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Country</th>
                  <th scope="col">Rate</th>
                  <th scope="col">Delivered to</th>
                </tr>
              </thead>
              <tbody>
                {vatRates.map((rate) => (
                  <tr key={rate.country} data-testid="vat-row">
                    <td>
                      {rate.name} ({rate.country})
                    </td>
                    <td>{basisPointsToPercent(rate.basisPoints)} %</td>
                    <td>{rate.zoneId ? (zones.find((zone) => zone.id === rate.zoneId)?.name ?? rate.zoneId) : "no"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <SettingsForm formKey="vat" intent="setVatRate" submit="Set VAT rate">
            <TextField
              label="Country code"
              name="country"
              defaultValue={vatForm.value("country", "")}
              error={vatForm.error("country")}
            />
            <TextField
              label="VAT rate (%)"
              name="vatPercent"
              inputMode="decimal"
              defaultValue={vatForm.value("vatPercent", "")}
              error={vatForm.error("vatPercent")}
            />
            <VatVersions rates={vatRates} />
          </SettingsForm>
        </div>
      </Panel>
    </div>
  );
}

/**
 * The versions of the rates the page shows, by country: the set-rate form names a country by its
 * code, so it carries every version it read, and the server compares the one of that country.
 */
function VatVersions({ rates }: { rates: readonly { country: string; version: string }[] }) {
  return (
    <>
      {rates.map((rate) => (
        <input key={rate.country} type="hidden" name={`version-${rate.country}`} value={rate.version} />
      ))}
    </>
  );
}

function MethodFields({
  form,
  current,
}: {
  form: ReturnType<typeof failureFor>;
  current: Record<"name" | "speed" | "price" | "freeFrom" | "minDays" | "maxDays" | "position", string>;
}) {
  return (
    <>
      <TextField label="Name" name="name" defaultValue={form.value("name", current.name)} error={form.error("name")} />
      <div className="field">
        <label>
          Speed
          <select
            name="speed"
            defaultValue={form.value("speed", current.speed)}
            className="mt-1 block rounded-md border border-grey-300 px-2 py-1"
          >
            <option value="standard">{SPEED_WORDS.standard}</option>
            <option value="express">{SPEED_WORDS.express}</option>
          </select>
        </label>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Price"
          name="price"
          inputMode="decimal"
          defaultValue={form.value("price", current.price)}
          error={form.error("price")}
        />
        <TextField
          label="Free from (items)"
          name="freeFrom"
          inputMode="decimal"
          hint="Empty: never free."
          defaultValue={form.value("freeFrom", current.freeFrom)}
          error={form.error("freeFrom")}
        />
        <TextField
          label="Fewest days"
          name="minDays"
          inputMode="numeric"
          defaultValue={form.value("minDays", current.minDays)}
          error={form.error("minDays")}
        />
        <TextField
          label="Most days"
          name="maxDays"
          inputMode="numeric"
          defaultValue={form.value("maxDays", current.maxDays)}
          error={form.error("maxDays")}
        />
      </div>
      <TextField
        label="Order in the list"
        name="position"
        inputMode="numeric"
        defaultValue={form.value("position", current.position)}
        error={form.error("position")}
      />
    </>
  );
}
