import { Fragment } from "react";

/** What an address shows: the fields of a saved delivery address or of an order's snapshot of one. */
export interface PostalAddressFields {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  provinceName: string | null;
  countryName: string | null;
}

/** An address as it goes on an envelope, one line per part; parts it lacks are left out. */
export function PostalAddress({ address }: { address: PostalAddressFields }) {
  const lines = [
    [address.firstName, address.lastName].filter(Boolean).join(" "),
    address.company,
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(" "),
    [address.provinceName, address.countryName].filter(Boolean).join(", "),
  ].filter((line): line is string => Boolean(line));
  return (
    <address className="not-italic">
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
