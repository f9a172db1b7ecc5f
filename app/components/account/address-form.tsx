import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useHydrated } from "~/lib/use-hydrated";
import type { AddressView, Province } from "../../../server/modules/customers/index.ts";

export interface AddressFormProps {
  /** The address being edited, or null for a new one. */
  address: AddressView | null;
  countries: { code: string; name: string }[];
  /** The provinces of the country the form starts with. */
  provinces: Province[];
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  busy: boolean;
}

/** The account area's form: an address of the address book, added or edited. */
export function AddressForm({ address, countries, provinces, values, fieldErrors, busy }: AddressFormProps) {
  return (
    <Form method="post" className="flex max-w-xl flex-col gap-4" noValidate data-testid="address-form">
      {/* First in the form, so Enter in a field saves the address rather than pressing "Show provinces". */}
      <button
        type="submit"
        name="intent"
        value={address ? "update" : "add"}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
      />
      {address && <input type="hidden" name="addressId" value={address.id} />}
      <AddressFields
        address={address}
        countries={countries}
        provinces={provinces}
        values={values}
        fieldErrors={fieldErrors}
        provincesPath="/my-account/delivery-addresses"
      />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name="isDefault"
          value="true"
          defaultChecked={values.intent ? values.isDefault === "true" : (address?.isDefault ?? false)}
        />
        Use as my default delivery address
      </label>
      <div className="flex gap-3">
        <button type="submit" name="intent" value={address ? "update" : "add"} className="button-primary" disabled={busy}>
          {address ? "Save address" : "Add address"}
        </button>
      </div>
    </Form>
  );
}

export interface AddressFieldsProps extends Omit<AddressFormProps, "busy" | "address"> {
  address?: AddressView | null;
  /**
   * Where the fields ask for a newly chosen country's provinces (with JavaScript): a page whose
   * loader answers `?provincesFor=XX` with `{provinces}`.
   */
  provincesPath: string;
}

/**
 * A delivery address's fields, the one set the account area and checkout share (with the one
 * schema, customers/schemas.ts). The province select is filled for the chosen country: with
 * JavaScript at once, without it by the "Show provinces" button, which sends the form back with
 * intent "country" and keeps what was typed.
 */
export function AddressFields({
  address = null,
  countries,
  provinces: initialProvinces,
  values,
  fieldErrors,
  provincesPath,
}: AddressFieldsProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ provinces: Province[] }>();
  const startCountry = values.country ?? address?.country ?? "NL";
  const [country, setCountry] = useState(startCountry);
  // The starting country's provinces came with the page; another's are fetched when it is chosen.
  const provinces = country === startCountry ? initialProvinces : fetcher.state === "idle" ? (fetcher.data?.provinces ?? []) : [];

  const value = (name: keyof AddressView & string) => values[name] ?? (address?.[name] as string | null | undefined) ?? "";

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          defaultValue={value("firstName")}
          error={fieldErrors.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          defaultValue={value("lastName")}
          error={fieldErrors.lastName}
        />
      </div>
      <TextField
        label="Company (optional)"
        name="company"
        autoComplete="organization"
        defaultValue={value("company")}
        error={fieldErrors.company}
      />
      <TextField
        label="Street and house number"
        name="line1"
        autoComplete="address-line1"
        defaultValue={value("line1")}
        error={fieldErrors.line1}
      />
      <TextField
        label="Address line 2 (optional)"
        name="line2"
        autoComplete="address-line2"
        defaultValue={value("line2")}
        error={fieldErrors.line2}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Postal code"
          name="postalCode"
          autoComplete="postal-code"
          defaultValue={value("postalCode")}
          error={fieldErrors.postalCode}
        />
        <TextField
          label="Town or city"
          name="city"
          autoComplete="address-level2"
          defaultValue={value("city")}
          error={fieldErrors.city}
        />
      </div>
      <div className="field">
        <label htmlFor="address-country">Country</label>
        <div className="flex gap-2">
          <select
            id="address-country"
            name="country"
            autoComplete="country"
            value={country}
            aria-invalid={fieldErrors.country ? true : undefined}
            aria-describedby={fieldErrors.country ? "address-country-error" : undefined}
            onChange={(event) => {
              setCountry(event.target.value);
              if (event.target.value !== startCountry)
                fetcher.load(`${provincesPath}?provincesFor=${encodeURIComponent(event.target.value)}`);
            }}
            className="flex-1"
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {!hydrated && (
            <button type="submit" name="intent" value="country" className="button-secondary" formNoValidate>
              Show provinces
            </button>
          )}
        </div>
        {fieldErrors.country && (
          <p id="address-country-error" className="field-error">
            {fieldErrors.country}
          </p>
        )}
      </div>
      {provinces.length > 0 && (
        <div className="field">
          <label htmlFor="address-province">Province or state</label>
          <select
            id="address-province"
            name="province"
            autoComplete="address-level1"
            defaultValue={country === startCountry ? value("province") : ""}
            key={country}
            aria-invalid={fieldErrors.province ? true : undefined}
            aria-describedby={fieldErrors.province ? "address-province-error" : undefined}
          >
            <option value="">Choose…</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
          {fieldErrors.province && (
            <p id="address-province-error" className="field-error">
              {fieldErrors.province}
            </p>
          )}
        </div>
      )}
      <TextField
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={value("phone")}
        error={fieldErrors.phone}
      />
    </>
  );
}
