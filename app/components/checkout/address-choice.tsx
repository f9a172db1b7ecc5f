import { useState } from "react";
import { AddressFields } from "~/components/account/address-form";
import { PostalAddress } from "~/components/account/postal-address";
import { useHydrated } from "~/lib/use-hydrated";
import type { AddressView } from "../../../server/modules/customers/index.ts";

type AddressFormat = Parameters<typeof AddressFields>[0]["format"];

/**
 * Checkout's address step: one of the customer's saved addresses ("saved:<id>", which placeOrder
 * takes as savedAddressId), or a new one typed in, which a customer may keep ("Save this
 * address", placeOrder's saveAddress; ADR 55). Without JavaScript the new address's fields always
 * show; with it, only while "A new address" is chosen.
 */
export function AddressChoice({
  addresses,
  countries,
  format,
  values,
  fieldErrors,
  customer,
  needsDelivery,
  formatPath,
  onReprice,
}: {
  addresses: AddressView[];
  countries: Parameters<typeof AddressFields>[0]["countries"];
  format: AddressFormat;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  customer: boolean;
  needsDelivery: boolean;
  /** Where the form asks for another country's format. */
  formatPath: string;
  /** Prices the summary again (a saved address's country may change it). */
  onReprice: () => void;
}) {
  const hydrated = useHydrated();
  const [choice, setChoice] = useState(values.addressChoice ?? "new");
  return (
    <section aria-labelledby="checkout-address" className="checkout-step">
      <h2 id="checkout-address">{needsDelivery ? "Delivery address" : "Your address"}</h2>
      {addresses.length > 0 && (
        <fieldset className="checkout-choices">
          <legend className="sr-only">Deliver to</legend>
          {addresses.map((address) => (
            <label key={address.id} className="checkout-choice">
              <input
                type="radio"
                name="addressChoice"
                value={`saved:${address.id}`}
                defaultChecked={values.addressChoice === `saved:${address.id}`}
                onChange={(event) => {
                  setChoice(event.target.value);
                  onReprice();
                }}
              />
              <PostalAddress address={address} />
            </label>
          ))}
          <label className="checkout-choice">
            <input
              type="radio"
              name="addressChoice"
              value="new"
              defaultChecked={values.addressChoice === "new"}
              onChange={(event) => setChoice(event.target.value)}
            />
            A new address
          </label>
        </fieldset>
      )}
      {(addresses.length === 0 || !hydrated || choice === "new") && (
        <div className="flex flex-col gap-4">
          {addresses.length === 0 && <input type="hidden" name="addressChoice" value="new" />}
          <AddressFields
            countries={countries}
            format={format}
            values={values}
            fieldErrors={fieldErrors}
            formatPath={formatPath}
          />
          {customer && (
            <label className="flex items-center gap-2">
              <input type="checkbox" name="saveAddress" value="true" defaultChecked={values.saveAddress === "true"} />
              Save this address in my account
            </label>
          )}
        </div>
      )}
    </section>
  );
}
