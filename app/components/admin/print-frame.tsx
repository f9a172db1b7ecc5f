import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A page of documents to print (ADR 62): on screen a bar with the way back and a Print button over
 * the sheets; printed, the sheets alone (the bar and the back office's frame are print:hidden).
 * The button needs JavaScript, so it appears only with it; without, the browser's own Print
 * prints the same page.
 */
export function PrintFrame({
  title,
  back,
  printable,
  children,
}: {
  /** The page's heading (on screen only: each sheet has its own). */
  title: string;
  back: { to: string; label: string };
  /** Whether there is a sheet to print (no Print button over a refusal). */
  printable: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div>
          <p className="text-sm">
            <Link to={back.to} className="text-link">
              {back.label}
            </Link>
          </p>
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </div>
        {hydrated && printable && (
          <button type="button" className="button-primary" onClick={() => window.print()}>
            Print
          </button>
        )}
      </div>
      {children}
    </div>
  );
}

/** What a page of documents could not include, and why: said on screen and on paper. */
export function NotPrinted({ missing }: { missing: readonly { number: string; reason: string }[] }) {
  if (missing.length === 0) return null;
  return (
    <div role="alert" className="form-error print:hidden" data-testid="not-printed">
      <p>Not included:</p>
      <ul className="list-disc pl-5">
        {missing.map((one) => (
          <li key={one.number}>
            {one.number}: {one.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The seller as the top of each document shows it: name, address, and (on invoices) the VAT id. */
export function SellerBlock({
  seller,
  withVatId,
}: {
  seller: { name: string; address: readonly string[]; vatId: string | null; website: string };
  withVatId: boolean;
}) {
  return (
    <div>
      <p className="text-base font-bold">{seller.name}</p>
      <address className="not-italic">
        {seller.address.map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
      </address>
      <p className="text-grey-700">{seller.website.replace(/^https?:\/\//, "")}</p>
      {withVatId && seller.vatId && <p>VAT {seller.vatId}</p>}
    </div>
  );
}

/** A line's colour and size as a label reads them ("Black, size 8"; a size such as "One size" as it is). */
export function optionsOf(line: { colour: string | null; size: string | null }): string {
  const size = line.size && (/size/i.test(line.size) ? line.size : `size ${line.size}`);
  return [line.colour, size].filter(Boolean).join(", ");
}
