import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/delivery-addresses";
import { useRef } from "react";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { AddressForm } from "~/components/account/address-form";
import { Link } from "~/components/ui/link";
import { addressFormatOr, formatAsked } from "~/lib/address-format.server";
import { formFailure, formFields } from "~/lib/forms.server";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { siteNoticeCookie } from "~/lib/site-notice";
import { PostalAddress } from "~/components/account/postal-address";
import { pageContext } from "../../../server/http/page-context.ts";

const PATH = "/my-account/delivery-addresses";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), { title: "Delivery addresses", description: "Where your orders go.", path: PATH });

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const { customers } = context.services;
  const params = new URL(request.url).searchParams;
  const asked = formatAsked(request, customers);
  if (asked) return asked;
  const addresses = await customers.listAddresses(context, user.id);
  const editId = params.get("edit");
  const editing = editId === null ? null : (addresses.find((a) => String(a.id) === editId) ?? null);
  if (editId !== null && editId !== "new" && !editing) throw data(null, { status: 404 });
  const country = editing?.country ?? addresses.find((a) => a.isDefault)?.country ?? context.env.defaultCountry;
  return data({
    kind: "page" as const,
    addresses,
    editing,
    adding: editId === "new" || addresses.length === 0,
    countries: customers.countryNames(),
    format: addressFormatOr(customers, country, context.env.defaultCountry),
  });
}

const DONE: Record<string, string> = {
  add: "The address is added.",
  update: "The address is saved.",
  delete: "The address is deleted.",
  default: "This is now your default delivery address.",
};

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const fields = await formFields(request);
  const { customers } = context.services;
  const address = { ...fields, isDefault: fields.isDefault === "true" ? "true" : "false" };
  try {
    switch (fields.intent) {
      case "country":
        // Without JavaScript: the form comes back in the chosen country's format.
        return {
          ok: false as const,
          fieldErrors: {},
          formError: null,
          values: fields,
          format: addressFormatOr(customers, fields.country ?? "", context.env.defaultCountry),
        };
      case "add":
        await customers.addAddress(context, user.id, address);
        break;
      case "update":
        await customers.updateAddress(context, user.id, fields.addressId, address);
        break;
      case "delete":
        await customers.deleteAddress(context, user.id, fields.addressId);
        break;
      case "default":
        await customers.setDefaultAddress(context, user.id, fields.addressId);
        break;
      default:
        return {
          ok: false as const,
          fieldErrors: {},
          formError: "Please use the forms on this page.",
          values: {},
          format: null,
        };
    }
  } catch (error) {
    return formFailure(error, fields, { format: addressFormatOr(customers, fields.country ?? "", context.env.defaultCountry) });
  }
  return redirect(PATH, {
    status: 303,
    headers: { "Set-Cookie": siteNoticeCookie({ kind: "success", message: DONE[fields.intent]! }) },
  });
}

export default function DeliveryAddresses({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failureOf(actionData));
  if (loaderData.kind !== "page") return null;
  const { addresses, editing, adding, countries } = loaderData;
  const failure = failureOf(actionData);
  const format = actionData && "format" in actionData && actionData.format ? actionData.format : loaderData.format;
  const formOpen = editing !== null || adding || failure !== null;
  const busy = navigation.state === "submitting";

  return (
    <div className="flex flex-col gap-8" ref={page}>
      <section aria-labelledby="addresses-title" className="account-section">
        <h2 id="addresses-title">Delivery addresses</h2>
        {addresses.length === 0 ? (
          <p className="text-grey-700">You have no delivery addresses yet.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your addresses">
            {addresses.map((address) => (
              <li key={address.id} className="rounded-md border border-grey-200 p-4" data-testid="address">
                {address.isDefault && <p className="mb-2 text-sm font-semibold text-mint-800">Default address</p>}
                <PostalAddress address={address} />
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    to={`${PATH}?edit=${address.id}`}
                    className="button-secondary"
                    aria-label={`Edit the address ${address.line1}`}
                  >
                    Edit
                  </Link>
                  {!address.isDefault && (
                    <Form method="post">
                      <input type="hidden" name="addressId" value={address.id} />
                      <button type="submit" name="intent" value="default" className="button-secondary" disabled={busy}>
                        Make default
                      </button>
                    </Form>
                  )}
                  {/* A deletion cannot be undone, so it asks first; a disclosure does that without JavaScript. */}
                  <details className="confirm-delete">
                    <summary className="button-secondary" aria-label={`Delete the address ${address.line1}`}>
                      Delete
                    </summary>
                    <Form method="post">
                      <input type="hidden" name="addressId" value={address.id} />
                      <p>Delete this address?</p>
                      <button type="submit" name="intent" value="delete" className="button-danger" disabled={busy}>
                        Yes, delete it
                      </button>
                    </Form>
                  </details>
                </div>
              </li>
            ))}
          </ul>
        )}
        {!formOpen && (
          <p>
            <Link to={`${PATH}?edit=new`} className="button-primary inline-block">
              Add an address
            </Link>
          </p>
        )}
      </section>
      {formOpen && (
        <section aria-labelledby="address-form-title" className="account-section">
          <h2 id="address-form-title">{editing ? "Edit address" : "New address"}</h2>
          {failure?.formError && (
            <p role="alert" className="form-error" tabIndex={-1}>
              {failure.formError}
            </p>
          )}
          <AddressForm
            key={editing?.id ?? "new"}
            address={editing}
            countries={countries}
            format={format}
            values={failure?.values ?? {}}
            fieldErrors={failure?.fieldErrors ?? {}}
            busy={busy}
          />
        </section>
      )}
    </div>
  );
}
