import type { Route } from "./+types/dashboard";
import { NewOrders } from "~/components/admin/new-orders";
import { QueueCard } from "~/components/admin/queue-card";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/money";
import type { RouteHandle } from "~/lib/route-handle";
import { BANK_TRANSFER } from "../../../server/modules/orders/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  return context.services.backOffice.dashboard(context);
}

const PERIODS = [
  { key: "today", label: "Today" },
  { key: "last7Days", label: "Last 7 days" },
  { key: "last30Days", label: "Last 30 days" },
] as const;

const ATTENTION: Record<string, string> = {
  mismatch: "paid another amount",
  refund_owed: "refund not through yet",
  late_payment: "paid after cancelling",
};

export default function Dashboard({ loaderData: board }: Route.ComponentProps) {
  const money = (cents: number) => formatMoney(cents, board.currency);
  const { queues } = board;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
        <NewOrders />
      </div>
      <section aria-labelledby="sales-heading" className="grid gap-4 md:grid-cols-3">
        <h2 id="sales-heading" className="sr-only">
          Sales
        </h2>
        {PERIODS.map(({ key, label }) => {
          const figures = board[key];
          return (
            <div key={key} className="rounded-lg border border-grey-200 bg-white p-4" data-testid={`figures-${key}`}>
              <h3 className="text-sm font-semibold text-grey-600">{label}</h3>
              <p className="mt-1 text-2xl font-bold" data-testid="revenue">
                {money(figures.revenue)}
              </p>
              <p className="text-xs text-grey-600">{money(figures.revenueExVat)} without VAT</p>
              <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                <dt className="text-grey-600">Orders</dt>
                <dd data-testid="orders">{figures.orders}</dd>
                <dt className="text-grey-600">Average order</dt>
                <dd>{money(figures.averageOrder)}</dd>
                <dt className="text-grey-600">New members</dt>
                <dd>{figures.newMembers}</dd>
                <dt className="text-grey-600">Awaiting payment</dt>
                <dd>{figures.awaitingPayment.orders}</dd>
              </dl>
            </div>
          );
        })}
      </section>
      <RevenueChart days={board.dailyRevenue.map((day) => ({ date: day.day, revenue: day.revenue }))} currency={board.currency} />
      <section aria-labelledby="queues-heading" className="grid gap-4 lg:grid-cols-2">
        <h2 id="queues-heading" className="sr-only">
          Needs a person
        </h2>
        <QueueCard
          title="Bank transfers awaiting payment"
          total={queues.awaitingTransfers.total}
          more={{ to: `/admin/orders?status=awaiting_payment&method=${BANK_TRANSFER}`, label: "All awaiting payment" }}
          rows={queues.awaitingTransfers.rows.map((order) => ({
            key: order.number,
            main: <Link to={`/admin/orders/${order.number}`}>{order.number}</Link>,
            detail: order.customerName ?? order.email,
            figure: money(order.total),
            note: order.daysLeft === null ? null : order.daysLeft === 0 ? "hold ends today" : `${order.daysLeft} days left`,
          }))}
        />
        <QueueCard
          title="Paid orders to ship"
          total={queues.toShip.total}
          more={{ to: "/admin/orders?status=paid&sort=date&dir=asc", label: "All paid orders" }}
          rows={queues.toShip.rows.map((order) => ({
            key: order.number,
            main: <Link to={`/admin/orders/${order.number}`}>{order.number}</Link>,
            detail: order.customerName ?? order.email,
            figure: money(order.total),
          }))}
        />
        <QueueCard
          title="Card payments needing attention"
          total={queues.paymentAttention.total}
          rows={queues.paymentAttention.rows.map((row) => ({
            key: `${row.number}-${row.kind}`,
            main: <Link to={`/admin/orders/${row.number}`}>{row.number}</Link>,
            detail: ATTENTION[row.kind] ?? row.kind,
            figure: formatMoney(row.amount, row.amountCurrency),
          }))}
        />
        <QueueCard
          title="Low stock"
          total={queues.lowStock.total}
          rows={queues.lowStock.rows.map((option) => ({
            key: String(option.variantId),
            main: option.productName,
            detail: [option.sku, option.colour, option.size].filter(Boolean).join(" · "),
            figure: `${option.stock} left (low at ${option.lowAt})`,
          }))}
        />
        <QueueCard
          title="Most wanted sold-out options"
          total={queues.mostWanted.total}
          more={{ to: "/admin/demand", label: "All back-in-stock demand" }}
          rows={queues.mostWanted.rows.map((option) => ({
            key: String(option.variantId),
            main: <Link to={`/admin/stock?product=${option.productId}`}>{option.productName}</Link>,
            detail: [option.sku, option.colour, option.size].filter(Boolean).join(" · "),
            figure: `${option.waiting} waiting`,
          }))}
        />
      </section>
    </div>
  );
}
