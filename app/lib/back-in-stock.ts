import { optionName, type OptionWords } from "../../server/modules/stock-alerts/words.ts";

/*
 * The product page's back-in-stock form (ADR 47): what it sends to the page's action and what the
 * action answers, with or without JavaScript.
 */

/** The form's `intent`: the product page's action serves this form alone. */
export const BACK_IN_STOCK_INTENT = "back-in-stock";

/** What the action answers: the message to show, or what is wrong (beside the field, or above the form). */
export type BackInStockResult =
  | { ok: true; variantId: number; message: string }
  | {
      ok: false;
      fieldErrors: Record<string, string>;
      formError: string | null;
      values: Record<string, string>;
      variantId?: number;
    };

/** The answer in words: on the list now, or on it already (asking twice is no error). */
export function backInStockMessage(answer: {
  status: "waiting" | "already-waiting";
  email: string;
  option: OptionWords;
}): string {
  const option = optionName(answer.option);
  return answer.status === "waiting"
    ? `Thank you: we will e-mail ${answer.email} once ${option} is back. Check your inbox for our confirmation.`
    : `${answer.email} is already on the list for ${option}: we will e-mail once it is back.`;
}
