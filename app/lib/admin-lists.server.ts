import { asShopError } from "../../server/lib/shared.ts";

/**
 * A back-office list's address that its schema refuses (a typed-in date that is no date, a page
 * past the end): the message to show above the list, instead of an error page. Anything else is
 * a bug and is thrown on.
 */
export function listFailure(error: unknown): string {
  const failed = asShopError(error);
  if (!failed || failed.code !== "INVALID_INPUT") throw error;
  const messages = Object.values(failed.fields ?? {});
  return messages.length > 0 ? messages.join(" ") : failed.message;
}
