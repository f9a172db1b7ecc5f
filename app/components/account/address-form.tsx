import { useState } from "react";
import { Form, useFetcher } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useHydrated } from "~/lib/use-hydrated";
import type { AddressFormat, AddressPart, AddressView, CountryPart } from "../../../server/modules/customers/index.ts";

export interface AddressFormProps {
  /** The address being edited, or null for a new one. */
  address: AddressView | null;
  countries: { code: string; name: string }[];
  /** The format of the country the form starts with (its parts, their names, its provinces). */
  format: AddressFormat;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  busy: boolean;
}

/** The account area's form: an address of the address book, added or edited. */
export function AddressForm({ address, countries, format, values, fieldErrors, busy }: AddressFormProps) {
  return (
    <Form method="post" className="flex max-w-xl flex-col gap-4" noValidate data-testid="address-form">
      {/* First in the form, so Enter in a field saves the address rather than pressing "Use this country". */}
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
        format={format}
        values={values}
        fieldErrors={fieldErrors}
        formatPath="/my-account/delivery-addresses"
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
   * Where the fields ask for a newly chosen country's format (with JavaScript): a page whose
   * loader answers `?formatFor=XX` with `{format}`.
   */
  formatPath: string;
}

/** How wide a part's field is: a line of its own spans the form; parts sharing a line share it. */
const WIDE = "sm:col-span-2";

/** The text fields of each part of a format: field name, label (a country's own where null), autocomplete token. */
const TEXT_FIELDS: Record<AddressPart, [name: string, label: string | null, autoComplete: string][]> = {
  name: [
    ["firstName", "First name", "given-name"],
    ["lastName", "Last name", "family-name"],
  ],
  company: [["company", "Company (optional)", "organization"]],
  street: [
    ["line1", "Street and house number", "address-line1"],
    ["line2", "Address line 2 (optional)", "address-line2"],
  ],
  city: [["city", null, "address-level2"]],
  province: [["province", null, "address-level1"]],
  postalCode: [["postalCode", null, "postal-code"]],
};

/**
 * A delivery address's fields, the one set the account area and checkout share (with the one
 * schema, customers/schemas.ts). They follow the chosen country's format (ADR 49): which parts it
 * has, in its order, under its names, its provinces to choose from, and an example of its postal
 * code under that field. With JavaScript the
 * format of a newly chosen country is fetched at once; without it, the "Use this country" button
 * sends the form back with intent "country" and keeps what was typed. Every field is a keyed child
 * of one grid, so a field both countries have keeps what was typed when the order changes.
 */
export function AddressFields({
  address = null,
  countries,
  format: initialFormat,
  values,
  fieldErrors,
  formatPath,
}: AddressFieldsProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ format: AddressFormat }>();
  const startCountry = values.country ?? address?.country ?? initialFormat.country;
  const [country, setCountry] = useState(startCountry);
  // The starting country's format came with the page; another's is fetched when it is chosen
  // (until it comes, the fields stay as they were, without the old country's provinces).
  const fetched = fetcher.data?.format.country === country ? fetcher.data.format : null;
  const format =
    country === startCountry ? initialFormat : (fetched ?? { ...initialFormat, provinces: [], postalCodeExample: null });

  // A province typed or chosen for the starting country is not another country's.
  const value = (name: string) =>
    name === "province" && country !== startCountry
      ? ""
      : (values[name] ?? (address?.[name as keyof AddressView] as string | null | undefined) ?? "");

  const field = (part: AddressPart, wide: boolean) =>
    TEXT_FIELDS[part].map(([name, fixedLabel, autoComplete]) => {
      const varying = part as CountryPart;
      const label =
        fixedLabel ?? (format.required.includes(varying) ? format.labels[varying] : `${format.labels[varying]} (optional)`);
      // First and last name share their line; each street line has one of its own.
      const className = (wide && part !== "name") || part === "street" ? WIDE : undefined;
      if (part !== "province" || format.provinces.length === 0) {
        return (
          <div key={name} className={className}>
            <TextField
              label={label}
              name={name}
              autoComplete={autoComplete}
              defaultValue={value(name)}
              error={fieldErrors[name]}
              // The country's shape of a postal code (Portugal's "1000-001", not "1000"); the error names it too.
              hint={part === "postalCode" && format.postalCodeExample ? `e.g. ${format.postalCodeExample}` : undefined}
            />
          </div>
        );
      }
      const error = fieldErrors.province;
      // Keyed by country: a newly chosen country's list starts unchosen.
      return (
        <div key={`province-${format.country}`} className={`field ${className ?? ""}`}>
          <label htmlFor="address-province">{label}</label>
          <select
            id="address-province"
            name="province"
            autoComplete={autoComplete}
            defaultValue={value(name)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "address-province-error" : undefined}
          >
            <option value="">Choose…</option>
            {format.provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
          {error && (
            <p id="address-province-error" className="field-error">
              {error}
            </p>
          )}
        </div>
      );
    });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className={`field ${WIDE}`}>
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
                fetcher.load(`${formatPath}?formatFor=${encodeURIComponent(event.target.value)}`);
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
              Use this country
            </button>
          )}
        </div>
        {fieldErrors.country && (
          <p id="address-country-error" className="field-error">
            {fieldErrors.country}
          </p>
        )}
      </div>
      {format.rows.flatMap((row) => row.flatMap((part) => field(part, row.length === 1)))}
      <div className={WIDE}>
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={value("phone")}
          error={fieldErrors.phone}
        />
      </div>
    </div>
  );
}
