import { Fragment } from "react";

/**
 * An address as it goes on an envelope: its lines as the server printed them in the country's
 * format (customers/address-format.ts formatAddress, ADR 49), so the browser needs no country data.
 */
export function PostalAddress({ address }: { address: { lines: string[] } }) {
  return (
    <address className="not-italic">
      {address.lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
