import type { ReactNode } from "react";
import type { AccountFormFailure } from "~/lib/account-form.server";

/** The frame of the log-in, sign-up and password pages: a title, the form's error, the form. */
export function AccountFormPage({
  title,
  intro,
  failure,
  children,
}: {
  title: string;
  intro?: ReactNode;
  failure?: AccountFormFailure | null;
  children: ReactNode;
}) {
  return (
    <div className="container-page form-page">
      <div className="form-card">
        <h1>{title}</h1>
        {intro}
        {failure?.formError && (
          <p role="alert" className="form-error" data-testid="form-error">
            {failure.formError}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

/** The action's answer when it is a failure (a success redirects), for the form to show. */
export function failureOf(actionData: unknown): AccountFormFailure | null {
  return actionData && typeof actionData === "object" && (actionData as { ok?: unknown }).ok === false
    ? (actionData as AccountFormFailure)
    : null;
}

/** The action's answer when it is a success that stays on the page (a mail was sent), else null. */
export function successOf<T>(actionData: T): Extract<T, { ok: true }> | null {
  return actionData && typeof actionData === "object" && (actionData as { ok?: unknown }).ok === true
    ? (actionData as Extract<T, { ok: true }>)
    : null;
}
