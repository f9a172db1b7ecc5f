import { PostalAddress } from "~/components/account/postal-address";
import { calendarDate } from "~/lib/dates";
import type { PackingSlip, PackingSlips } from "../../../server/modules/back-office/index.ts";
import { optionsOf, SellerBlock } from "./print-frame";

/**
 * One order's packing slip, a sheet of its own (ADR 62): who sends, where it goes and how, and what
 * to pick, with a box to tick per line. No prices: the slip travels in the parcel.
 */
export function PackingSlipSheet({ slip, seller }: { slip: PackingSlip; seller: PackingSlips["seller"] }) {
  const headingId = `slip-${slip.number}`;
  return (
    <article className="print-sheet flex flex-col gap-5" aria-labelledby={headingId} data-testid="packing-slip">
      <header className="flex justify-between gap-6">
        <SellerBlock seller={seller} withVatId={false} />
        <div className="text-right">
          <h2 id={headingId}>Packing slip</h2>
          <p className="mt-1">
            Order <strong>{slip.number}</strong>
          </p>
          <p>Placed {calendarDate(slip.placedAt)}</p>
        </div>
      </header>
      {slip.warning && <p className="sheet-warning">{slip.warning}</p>}
      <div className="grid grid-cols-2 gap-6">
        <section>
          <h3>Deliver to</h3>
          {slip.delivery.address ? <PostalAddress address={slip.delivery.address} /> : <p>No address kept.</p>}
        </section>
        <section>
          <h3>Delivery</h3>
          <p>{slip.delivery.methodName ?? "—"}</p>
        </section>
      </div>
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Options</th>
            <th scope="col">SKU</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Packed
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line, i) => (
            <tr key={i}>
              <td>{line.name}</td>
              <td>{optionsOf(line) || "—"}</td>
              <td className="font-mono text-xs">{line.sku ?? "—"}</td>
              <td className="num font-semibold">{line.quantity}</td>
              <td className="num">
                <span className="tick-box" aria-hidden="true" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {slip.items} {slip.items === 1 ? "item" : "items"} in all.
      </p>
    </article>
  );
}
