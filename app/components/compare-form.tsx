import { useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { expandCompareToggle } from "../../server/modules/compare/shared.ts";

/** Where every compare form posts (routes/compare-products.tsx). */
export const COMPARE_ACTION = "/compare-products";

/** The visitor's compare list, which the root loader reads from the cookie on the server. */
export function useCompareList(): readonly number[] {
  return useRouteLoaderData<typeof rootLoader>("root")?.compare ?? [];
}

/*
 * With JavaScript, compare forms do not post themselves: they join a queue that <CompareNotice/>
 * (always in the layout) sends through its one fetcher, one form at a time. Each change rewrites
 * the whole list in the cookie, so two at once would lose one; and the answer's toast must not
 * depend on the form still being there (a removed column). Product cards repeat the form, so it
 * holds no fetcher of its own: a card reads what is under way from this small store.
 */
const waiting: FormData[] = [];
let sending: FormData | null = null;
let senderConnected = false;
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For <CompareNotice/>: it is there to send forms (until then, forms post the plain way). */
export function connectCompareSender(): () => void {
  senderConnected = true;
  return () => {
    senderConnected = false;
  };
}

/** For <CompareNotice/>: how many forms wait, as a React store value. */
export function useWaitingCompareForms(): number {
  return useSyncExternalStore(
    subscribe,
    () => waiting.length,
    () => 0,
  );
}

/** For <CompareNotice/>: the next form to send, which counts as under way until the next call. */
export function takeWaitingCompareForm(): FormData | null {
  sending = waiting.shift() ?? null;
  publish();
  return sending;
}

function pendingIntent(productId: string): string | null {
  for (let i = waiting.length - 1; i >= 0; i--) {
    if (waiting[i]!.get("productId") === productId) return String(waiting[i]!.get("intent"));
  }
  return sending?.get("productId") === productId ? String(sending.get("intent")) : null;
}

/** The intent last asked for this product that the server has not answered yet, if any. */
export function usePendingCompareIntent(productId: number): string | null {
  return useSyncExternalStore(
    subscribe,
    () => pendingIntent(String(productId)),
    () => null,
  );
}

/** The id of the page's one form that every product's compare toggle submits (see CompareToggle). */
export const COMPARE_TOGGLES_FORM = "compare-toggles";

/** A compare form's submit: queued when the sender is there, else the browser posts it. */
function queueOrPost(event: FormEvent<HTMLFormElement>) {
  if (!senderConnected) return;
  event.preventDefault();
  const submitted = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
  // The queue reads intent and productId; a form the server cannot read goes as it is, to be refused there.
  const form = expandCompareToggle(submitted) ?? submitted;
  form.set("via", "fetch");
  waiting.push(form);
  publish();
}

/**
 * The form every compare toggle on the page belongs to (`form` attribute): grids repeat the
 * toggle two dozen times, and one shared form keeps each to a single button. Rendered once, in
 * the layout; without JavaScript it posts, with it the toggle joins the queue above.
 */
export function CompareTogglesForm() {
  const location = useLocation();
  return (
    <form id={COMPARE_TOGGLES_FORM} method="post" action={COMPARE_ACTION} onSubmit={queueOrPost} hidden>
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
    </form>
  );
}

/**
 * A form that changes the compare list. Without JavaScript it posts and the server redirects
 * back to this page (returnTo) with a notice; with JavaScript it joins the queue above, the page
 * stays, and a toast tells the result.
 */
export function CompareForm({
  fields,
  className,
  returnTo,
  children,
}: {
  fields: Record<string, string>;
  className?: string;
  /** Where to come back to without JavaScript; this page by default. */
  returnTo?: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <form method="post" action={COMPARE_ACTION} className={className} onSubmit={queueOrPost}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="returnTo" value={returnTo ?? location.pathname + location.search} />
      {children}
    </form>
  );
}
