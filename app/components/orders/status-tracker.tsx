import { orderDate } from "~/components/account/order-table";
import type { OrderView } from "../../../server/modules/orders/index.ts";

const STEPS = [
  { status: "awaiting_payment", label: "Placed" },
  { status: "paid", label: "Paid" },
  { status: "shipped", label: "Shipped" },
  { status: "delivered", label: "Delivered" },
] as const;

/**
 * Where the order is on its way: placed, paid, shipped, delivered, each step done with its date
 * from the order's history, the current one marked for screen readers (aria-current). A cancelled
 * or refunded order has left this way: its page says so in words instead.
 */
export function StatusTracker({ order }: { order: OrderView }) {
  const reached = STEPS.findIndex((step) => step.status === order.status);
  if (reached < 0) return null;
  const dateOf = (status: (typeof STEPS)[number]["status"]) =>
    status === "awaiting_payment" ? order.createdAt : order.history.find((event) => event.status === status)?.at;
  return (
    <section aria-labelledby="tracker-title">
      <h2 id="tracker-title" className="sr-only">
        Order progress
      </h2>
      <ol className="status-tracker" data-testid="status-tracker">
        {STEPS.map((step, i) => {
          const at = i <= reached ? dateOf(step.status) : undefined;
          return (
            <li key={step.status} data-done={i <= reached ? "" : undefined} aria-current={i === reached ? "step" : undefined}>
              <span className="status-dot" aria-hidden="true" />
              <span className="font-semibold">{step.label}</span>
              <span className="text-xs text-grey-600">{at ? orderDate(at) : i <= reached ? "" : "Not yet"}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
