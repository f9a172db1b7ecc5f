import { data } from "react-router";
import { accountErrorName } from "../../server/modules/accounts/errors.ts";
import { customerErrorName } from "../../server/modules/customers/errors.ts";

/** What an account form's action answers when it did not succeed: shown beside the fields or above them. */
export interface AccountFormFailure {
  ok: false;
  fieldErrors: Record<string, string>;
  formError: string | null;
  /** What the visitor typed, except passwords, to fill the form again. */
  values: Record<string, string>;
}

/** The form's text fields; anything that is not a form (JSON, no body) is answered 400. */
export async function formFields(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(failure({}, {}, "Please use the form on this page."), { status: 400 });
  }
  const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  // PostgreSQL cannot store a NUL character in text: such a field is the visitor's error, not ours.
  const bad = Object.entries(fields).find(([, value]) => value.includes("\u0000"));
  if (bad) throw data(failure(fields, { [bad[0]]: "This contains characters that are not allowed." }, null), { status: 400 });
  return fields;
}

function failure(
  values: Record<string, string>,
  fieldErrors: Record<string, string>,
  formError: string | null,
): AccountFormFailure {
  const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name)));
  return { ok: false, fieldErrors, formError, values: kept };
}

/**
 * The accounts and customers modules' failures as a form answer (status, and whether the message
 * goes beside a field or above the form), or the error rethrown when it is not one of theirs.
 * Matched by name: see accountErrorName(). `extra` travels with the answer (what the form needs
 * to show itself again).
 */
export function accountFormFailure<Extra extends object = object>(error: unknown, values: Record<string, string>, extra?: Extra) {
  const name = accountErrorName(error) ?? customerErrorName(error);
  if (!name) throw error;
  const { message } = error as Error;
  let status = 400;
  let field: string | null = null;
  let fields: Record<string, string> | null = null;
  const headers = new Headers();
  switch (name) {
    case "AddressNotFoundError":
    case "OrderNotFoundError":
    case "CustomerNotFoundError":
      // Another customer's record, or none: the same answer, so ids reveal nothing.
      throw data(null, { status: 404 });
    case "AccountInputError":
    case "CustomerInputError":
      field = (error as Error & { field: string }).field;
      fields = (error as Error & { fields?: Record<string, string> }).fields ?? null;
      break;
    case "InvalidCodeError":
      field = "code";
      break;
    case "AddressLimitError":
      status = 409;
      break;
    case "TooManyAttemptsError":
      status = 429;
      headers.set("Retry-After", String((error as Error & { retryAfterSeconds: number }).retryAfterSeconds));
      break;
    case "NotLoggedInError":
      status = 401;
      break;
  }
  const body = failure(values, fields ?? (field ? { [field]: message } : {}), field ? null : message);
  const answer = { ...extra, ...body } as AccountFormFailure & Partial<Extra>;
  return data(answer, { status, headers });
}
