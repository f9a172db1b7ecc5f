import { optionName, type OptionWords } from "../../server/modules/stock-alerts/shared.ts";

/*
 * The product page's back-in-stock form (ADR 47): what it sends to the page's action and what the
 * action answers, with or without JavaScript.
 */

/** The form's `intent`: the product page's action serves this form alone. */
export const BACK_IN_STOCK_INTENT = "back-in-stock";

/** An option's stock as the shop tells it (as a live change does): the count only when few are left. */
export interface StockTold {
  available: boolean;
  left: number | null;
}

/** What the action answers: the message to show, or what is wrong (beside the field, or above the form). */
export type BackInStockResult =
  | { ok: true; variantId: number; message: string }
  | {
      ok: false;
      fieldErrors: Record<string, string>;
      formError: string | null;
      values: Record<string, string>;
      variantId?: number;
      /** Refused because the option is in stock now: its stock, for the page to show instead of "Sold out". */
      stock?: StockTold;
    };

/**
 * The answer in words. A guest hears the same whether the address was on the list already or not
 * (whoever types an address may not own it); only a new request sends the confirmation the words
 * mention. A customer asking again for their own address is told it is on the list already.
 */
export function backInStockMessage(answer: {
  status: "waiting" | "already-waiting";
  email: string;
  option: OptionWords;
}): string {
  const option = optionName(answer.option);
  return answer.status === "waiting"
    ? `Thank you: we will e-mail ${answer.email} once ${option} is back. Our confirmation mail has a link to cancel the request.`
    : `${answer.email} is already on the list for ${option}: we will e-mail once it is back.`;
}
