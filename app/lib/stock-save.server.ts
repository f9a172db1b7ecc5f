import { data } from "react-router";
import { formFailure } from "./forms.server";
import { asShopError } from "../../server/lib/shared.ts";
import type { StaleStock } from "../../server/modules/stock/index.ts";

/*
 * The stock grid's one form (ADR 66), read and answered: a row is `count.<option id>` (the new
 * count, empty: unchanged) beside `was.<option id>` (the stock the page showed, the row's
 * version). Only rows whose count differs from what the page showed are sent to the use case.
 */

const ROW = /^count\.(\d{1,10})$/;

/** The save's input for the stock module from the form's fields. */
export function stockSaveInput(fields: Record<string, string>) {
  const rows: { variantId: string; was: string; count: string }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const match = ROW.exec(name);
    const count = value.trim();
    if (!match || count === "") continue;
    const was = fields[`was.${match[1]}`] ?? "";
    // The count typed is the stock shown: nothing to change.
    if (/^\d+$/.test(count) && Number(count) === Number(was)) continue;
    rows.push({ variantId: match[1]!, was, count });
  }
  return { reason: fields.reason ?? "", note: fields.note ?? "", rows };
}

/**
 * A refused save: a row's error beside its count (`count.<id>`), a stale save as 409 naming the
 * rows that moved (nothing was applied), anything else as the form's failure.
 */
export function stockSaveRefused(error: unknown, input: ReturnType<typeof stockSaveInput>, values: Record<string, string>) {
  const failed = asShopError(error);
  if (!failed) throw error;
  const fieldErrors: Record<string, string> = {};
  let formError: string | null = null;
  if (failed.code === "STALE_VERSION" && Array.isArray(failed.details.stale)) {
    const stale = failed.details.stale as StaleStock[];
    for (const row of stale)
      fieldErrors[`count.${row.variantId}`] = `Changed since you opened the page: ${row.stock} now, not ${row.expected}.`;
    formError =
      `Nothing was saved: the stock of ${stale.map((row) => row.sku).join(", ")} changed since you opened the page. ` +
      "The rows show the stock as it is now; check your counts and save again.";
    return data({ ok: false as const, fieldErrors, formError, values, stale: true }, { status: 409 });
  }
  if (failed.code === "INVALID_INPUT" && Object.keys(failed.fields).length > 0) {
    for (const [field, message] of Object.entries(failed.fields)) {
      const row = /^rows\.(\d+)\./.exec(field);
      const variantId = row ? input.rows[Number(row[1])]?.variantId : undefined;
      if (variantId) fieldErrors[`count.${variantId}`] = message;
      else if (field === "rows") formError = message;
      else fieldErrors[field] = message;
    }
    return data({ ok: false as const, fieldErrors, formError, values }, { status: 400 });
  }
  return formFailure(error, values);
}
