import { useState } from "react";
import { formatMoney } from "~/lib/money";
import { useLive } from "~/lib/use-live";

const ORDER_PLACED = "subscription NewOrders { orderPlaced { number total currency placedAt } }";

interface NewOrder {
  number: string;
  total: number;
  currency: string;
}

/**
 * Orders placed while the dashboard is open, announced quietly (a polite live region) with a link
 * to each: the staff-only orderPlaced subscription (ADR 58). Without JavaScript, a reload shows them.
 */
export function NewOrders() {
  const [fresh, setFresh] = useState<NewOrder[]>([]);
  useLive(ORDER_PLACED, undefined, (data) => {
    const order = data.orderPlaced as NewOrder | undefined;
    if (order) setFresh((seen) => [order, ...seen.filter((one) => one.number !== order.number)].slice(0, 5));
  });
  return (
    <div role="status" aria-live="polite" className="text-sm" data-testid="new-orders">
      {fresh.length > 0 && (
        <p className="rounded-md bg-mint-50 px-3 py-1.5 text-mint-800">
          New:{" "}
          {fresh.map((order, i) => (
            <span key={order.number}>
              {i > 0 && ", "}
              <a className="font-medium underline" href={`/admin/orders/${order.number}`}>
                {order.number}
              </a>{" "}
              ({formatMoney(order.total, order.currency)})
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
