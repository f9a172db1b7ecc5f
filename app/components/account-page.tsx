import { useEffect, useRef, type ReactNode, type RefObject } from "react";
import type { FormFailure } from "~/lib/forms.server";

/** The frame of the log-in, sign-up and password pages: a title, the form's error, the form. */
export function AccountFormPage({
  title,
  intro,
  failure,
  children,
}: {
  title: string;
  intro?: ReactNode;
  failure?: FormFailure | null;
  children: ReactNode;
}) {
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  return (
    <div className="container-page form-page" ref={page}>
      <div className="form-card">
        <h1>{title}</h1>
        {intro}
        {failure?.formError && (
          <p role="alert" className="form-error" data-testid="form-error" tabIndex={-1}>
            {failure.formError}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

/** The action's answer when it is a failure (a success redirects), for the form to show. */
export function failureOf(actionData: unknown): FormFailure | null {
  return actionData && typeof actionData === "object" && (actionData as { ok?: unknown }).ok === false
    ? (actionData as FormFailure)
    : null;
}

/**
 * What to say above a form: its error, else the error of a field the form does not show (a
 * link's token, a hidden id), which would otherwise go unseen.
 */
export function formMessage(failure: FormFailure | null, shownFields: readonly string[]): string | null {
  if (!failure) return null;
  return failure.formError ?? Object.entries(failure.fieldErrors).find(([field]) => !shownFields.includes(field))?.[1] ?? null;
}

/** The action's answer when it is a success that stays on the page (a mail was sent), else null. */
export function successOf<T>(actionData: T): Extract<T, { ok: true }> | null {
  return actionData && typeof actionData === "object" && (actionData as { ok?: unknown }).ok === true
    ? (actionData as Extract<T, { ok: true }>)
    : null;
}

/**
 * After a form came back refused (with JavaScript; without it the page loads anew), keyboard and
 * screen-reader users are taken to what is wrong: the first field marked invalid, else the form's
 * error message.
 */
export function useFocusOnFailure(container: RefObject<HTMLElement | null>, failure: unknown) {
  useEffect(() => {
    if (!failure || !container.current) return;
    const target = container.current.querySelector<HTMLElement>('[aria-invalid="true"], .form-error[tabindex="-1"]');
    target?.focus();
  }, [failure, container]);
}
