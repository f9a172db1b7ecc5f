import { Fragment } from "react";
import { PostalAddress } from "~/components/account/postal-address";
import { calendarDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { Invoice } from "../../../server/modules/back-office/index.ts";
import { PAYMENT_STATE_WORDS } from "../../../server/modules/back-office/shared.ts";
import { CARD } from "../../../server/modules/orders/shared.ts";
import { optionsOf, SellerBlock } from "./print-frame";

/**
 * An order's invoice as a sheet (ADR 62): the seller and its VAT id, the buyer, the lines with
 * their VAT rate, the totals, the VAT per rate, the payment and what was paid back. A pro forma
 * (the order is not paid yet) says so in its title and says where to pay.
 */
export function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const { totals, payment } = invoice;
  const proForma = invoice.kind === "pro_forma";
  return (
    <article className="print-sheet flex flex-col gap-5" aria-labelledby="invoice-title" data-testid="invoice">
      <header className="flex justify-between gap-6">
        <SellerBlock seller={invoice.seller} withVatId />
        <div className="text-right">
          <h2 id="invoice-title">{proForma ? "Pro forma invoice" : "Invoice"}</h2>
          <dl className="mt-1 grid grid-cols-[auto_auto] justify-end gap-x-3">
            <dt className="text-grey-700">{proForma ? "Order" : "Invoice no."}</dt>
            <dd className="font-semibold">{invoice.number}</dd>
            <dt className="text-grey-700">Date</dt>
            <dd>{calendarDate(invoice.issuedAt)}</dd>
            {!proForma && calendarDate(invoice.issuedAt) !== calendarDate(invoice.placedAt) && (
              <>
                <dt className="text-grey-700">Ordered</dt>
                <dd>{calendarDate(invoice.placedAt)}</dd>
              </>
            )}
          </dl>
        </div>
      </header>
      {proForma && <p className="sheet-warning">Not paid yet: this is not a VAT invoice. The invoice follows the payment.</p>}
      <div className="grid grid-cols-2 gap-6">
        <section>
          <h3>Billed to</h3>
          {invoice.buyer.address ? (
            <PostalAddress address={invoice.buyer.address} />
          ) : (
            invoice.buyer.name && <p>{invoice.buyer.name}</p>
          )}
          <p>{invoice.buyer.email}</p>
        </section>
        {invoice.delivery && (
          <section>
            <h3>Delivery</h3>
            <p>{invoice.delivery.methodName ?? "—"}, to the same address</p>
          </section>
        )}
      </div>
      <table>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Qty
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              VAT
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.name}
                <span className="block text-xs text-grey-700">{[line.sku, optionsOf(line)].filter(Boolean).join(" · ")}</span>
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{money(line.unitPrice)}</td>
              <td className="num">{line.vatRatePercent}%</td>
              <td className="num">{money(line.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-6">
        <section>
          <h3>VAT per rate</h3>
          <table data-testid="vat-per-rate">
            <thead>
              <tr>
                <th scope="col">Rate</th>
                <th scope="col" className="num">
                  Net
                </th>
                <th scope="col" className="num">
                  VAT
                </th>
                <th scope="col" className="num">
                  Gross
                </th>
              </tr>
            </thead>
            <tbody>
              {totals.vatByRate.map((rate) => (
                <tr key={rate.rateBasisPoints}>
                  <td>{rate.ratePercent}%</td>
                  <td className="num">{money(rate.net)}</td>
                  <td className="num">{money(rate.vat)}</td>
                  <td className="num">{money(rate.gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-1 text-xs text-grey-700">Prices include VAT.</p>
        </section>
        <dl className="grid grid-cols-[1fr_auto] content-start gap-y-0.5">
          <Row label="Subtotal" value={money(totals.subtotal)} />
          {totals.discount > 0 && (
            <Row label={`Discount${totals.promoCode ? ` (${totals.promoCode})` : ""}`} value={`−${money(totals.discount)}`} />
          )}
          <Row label="Delivery" value={money(totals.delivery)} />
          <Row label="Total" value={money(totals.total)} strong />
          <Row label="of which VAT" value={money(totals.vat)} />
          {totals.refunded > 0 && <Row label="Refunded" value={`−${money(totals.refunded)}`} />}
        </dl>
      </div>
      <section>
        <h3>Payment</h3>
        <p>{paymentWords(invoice)}</p>
        {payment.transfer && (
          <p>
            Please pay {money(totals.total)} to {payment.transfer.accountHolder}, IBAN {payment.transfer.iban} (BIC{" "}
            {payment.transfer.bic}), quoting <strong>{payment.transfer.reference}</strong>
            {payment.transfer.payBy && <> by {calendarDate(payment.transfer.payBy)}</>}.
          </p>
        )}
        {payment.refunds.length > 0 && (
          <ul className="mt-1">
            {payment.refunds.map((refund, i) => (
              // Date and amount only: the history's note is staff's own wording, not the customer's.
              <li key={i}>
                {calendarDate(refund.at)}: refunded{refund.amount !== null && ` ${money(refund.amount)}`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/** "Bank transfer, paid 3 Mar 2031." / "Card, paid 3 Mar 2031; partly refunded." / "Bank transfer: unpaid." */
function paymentWords(invoice: Invoice): string {
  const method = invoice.payment.method === CARD ? "Card" : "Bank transfer";
  const state = invoice.payment.state;
  if (!invoice.paidAt || invoice.kind === "pro_forma") return `${method}: ${PAYMENT_STATE_WORDS[state]}.`;
  return `${method}, paid ${calendarDate(invoice.paidAt)}${state === "paid" ? "" : `; ${PAYMENT_STATE_WORDS[state]}`}.`;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Fragment>
      <dt className={strong ? "border-t border-grey-900 pt-0.5 font-semibold" : "text-grey-700"}>{label}</dt>
      <dd className={strong ? "border-t border-grey-900 pt-0.5 pl-4 text-right font-semibold" : "pl-4 text-right"}>{value}</dd>
    </Fragment>
  );
}
