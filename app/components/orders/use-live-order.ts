import { useRevalidator } from "react-router";
import { orderStatusLabel } from "~/components/account/order-table";
import { toast } from "~/lib/toast";
import { useLive } from "~/lib/use-live";

const ORDER_UPDATED = "subscription OrderUpdated { orderUpdated { number status } }";

/**
 * While a customer looks at one of their orders, its status follows the shop's changes (GraphQL's
 * orderUpdated, their own orders only): the page reloads its data and a toast says what changed.
 * A guest's order page has no session to follow it by.
 */
export function useLiveOrder(number: string, customer: boolean) {
  const revalidator = useRevalidator();
  useLive(
    ORDER_UPDATED,
    undefined,
    (data) => {
      const update = data.orderUpdated as { number: string; status: string };
      if (update.number !== number) return;
      // GraphQL's enum value (AWAITING_PAYMENT) is the order's status in capitals.
      const status = update.status.toLowerCase() as Parameters<typeof orderStatusLabel>[0];
      void revalidator.revalidate();
      toast(`Order ${number} is now ${orderStatusLabel(status).toLowerCase()}.`, "info");
    },
    customer,
  );
}
