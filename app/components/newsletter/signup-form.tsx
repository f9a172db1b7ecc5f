import { useEffect, useId, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { NEWSLETTER_PATH, type NewsletterSignupResult } from "~/lib/newsletter";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The newsletter's sign-up form (ADR 40): in the site footer, and as a page block of kind `signup`
 * on /launch. Without JavaScript it posts to /newsletter and the visitor comes back to this page
 * with a notice; with it, it posts through a fetcher and answers beside the form: "Check your
 * inbox" (the same words for every address), or what is wrong with the address.
 */
export function NewsletterSignup({
  source,
  title = "Newsletter",
  text = "New gear, offers and goalkeeping tips in your inbox. Unsubscribe with one click.",
}: {
  source: "footer" | "launch";
  title?: string;
  text?: string;
}) {
  const fetcher = useFetcher<NewsletterSignupResult>();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = result && !result.ok ? result : null;
  const emailError = failure?.fieldErrors.email ?? null;

  // A sign-up that went through empties the field; a refused one puts the focus on it.
  useEffect(() => {
    if (!result) return;
    if (result.ok) form.current?.reset();
    else form.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
  }, [result]);

  return (
    <section
      aria-labelledby={headingId}
      className="flex max-w-md flex-col gap-2"
      data-testid="newsletter-signup"
      data-source={source}
    >
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      {text && <p className="text-sm text-grey-700">{text}</p>}
      <fetcher.Form ref={form} method="post" action={NEWSLETTER_PATH} className="flex flex-col gap-2" noValidate>
        <input type="hidden" name="intent" value="subscribe" />
        <input type="hidden" name="source" value={source} />
        <input type="hidden" name="returnTo" value={pathname + search} />
        {hydrated && <input type="hidden" name="js" value="1" />}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="flex-1">
            <TextField label="Your e-mail" name="email" type="email" autoComplete="email" required error={emailError} />
          </div>
          <button type="submit" className="button-primary sm:mt-6" disabled={fetcher.state !== "idle"}>
            Subscribe
          </button>
        </div>
      </fetcher.Form>
      {/* Always in the page, so screen readers announce what arrives in it. */}
      <p aria-live="polite" className="text-sm" data-testid="newsletter-message">
        {result?.ok && <span className="text-mint-800">{result.message}</span>}
        {failure && !emailError && <span className="text-danger-600">{failure.formError}</span>}
      </p>
    </section>
  );
}
