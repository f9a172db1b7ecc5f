import { data } from "react-router";
import { asShopError } from "../../server/lib/shared.ts";

/*
 * The one way the shop's forms are read and answered (ADR 36): `readForm` reads every form an
 * action receives, the modules' schemas check the fields (parseInput), and a refusal comes back
 * as the module's ShopError, answered here by code. No form library: the rules live in the
 * modules, shared with REST and GraphQL, and the browser needs no validation code of its own.
 */

/** What a form's action answers when it did not succeed: shown beside the fields or above them. */
export interface FormFailure {
  ok: false;
  fieldErrors: Record<string, string>;
  formError: string | null;
  /** What the visitor typed, except passwords, to fill the form again. */
  values: Record<string, string>;
}

/** The submitted form; null when the body is not a form (JSON, plain text, nothing). */
export async function readForm(request: Request): Promise<FormData | null> {
  return request.formData().catch(() => null);
}

/** A form's text fields (a file field has none), the last of each name. */
export function fieldsOf(form: FormData): Record<string, string> {
  return Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** The form's text fields; anything that is not a form (JSON, no body) is answered 400. */
export async function formFields(request: Request): Promise<Record<string, string>> {
  return (await formContents(request)).fields;
}

/** The form's text fields, checked as formFields checks them, and the form itself for its files. */
export async function formContents(request: Request): Promise<{ fields: Record<string, string>; form: FormData }> {
  const form = await readForm(request);
  if (!form) throw data(failure({}, {}, "Please use the form on this page."), { status: 400 });
  const fields = fieldsOf(form);
  // PostgreSQL cannot store a NUL character in text: such a field is the visitor's error, not ours.
  const bad = Object.entries(fields).find(([, value]) => value.includes("\u0000"));
  if (bad) throw data(failure(fields, { [bad[0]]: "This contains characters that are not allowed." }, null), { status: 400 });
  return { fields, form };
}

function failure(values: Record<string, string>, fieldErrors: Record<string, string>, formError: string | null): FormFailure {
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name)));
  return { ok: false, fieldErrors, formError, values: kept };
}

/**
 * A module's failure as a form answer (status, and whether the message goes beside the fields at
 * fault or above the form), or the error rethrown when it is a bug. Recognised by code (ADR 34).
 * `extra` travels with the answer (what the form needs to show itself again).
 */
export function formFailure<Extra extends object = object>(error: unknown, values: Record<string, string>, extra?: Extra) {
  const failed = asShopError(error);
  if (!failed) throw error;
  const headers = new Headers();
  switch (failed.code) {
    case "ADDRESS_NOT_FOUND":
    case "ORDER_NOT_FOUND":
    case "ACCOUNT_NOT_FOUND":
      // Another customer's record, or none: the same answer, so ids reveal nothing.
      throw data(null, { status: 404 });
    case "TOO_MANY_REQUESTS":
      headers.set("Retry-After", String(failed.retryAfterSeconds ?? 60));
      break;
  }
  const fields = failed.field ? failed.fields : {};
  const body = failure(values, fields, failed.field ? null : failed.message);
  const answer = { ...extra, ...body } as FormFailure & Partial<Extra>;
  return data(answer, { status: failed.status, headers });
}
