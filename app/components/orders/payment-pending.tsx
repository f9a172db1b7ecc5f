import { useEffect, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { Link } from "~/components/ui/link";

/**
 * While the provider confirms a payment the page looks again every few seconds, a limited number
 * of times: some payments stay "processing" for days (a bank debit), and a page that reloads for
 * ever is one the shopper cannot read in peace (WCAG 2.2.1). After that it says we will mail them.
 * With JavaScript it revalidates its data in place; without, it reloads itself (a refresh inside
 * <noscript>, so it never runs beside the script), counting its looks in the address (`check`).
 */
const LOOK_AGAIN_SECONDS = 3;
export const LOOKS = 10;

/**
 * Looks again every LOOK_AGAIN_SECONDS, `times` times at most, while the page shows and nothing
 * else is loading; answers whether it still does. Revalidating keeps what the page holds (a
 * form's answer, the scroll position), unlike a reload.
 */
function useLookingAgain(times: number): boolean {
  const { revalidate, state } = useRevalidator();
  const [looks, setLooks] = useState(0);
  useEffect(() => {
    if (looks >= times || state !== "idle") return;
    const timer = window.setTimeout(() => {
      setLooks((n) => n + 1);
      void revalidate();
    }, LOOK_AGAIN_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [looks, times, state, revalidate]);
  // The last look counts until its answer is in.
  return looks < times || (times > 0 && state !== "idle");
}

/** A card order back from the payment page, its payment not yet confirmed: looks again, then says we will mail. */
export function Confirming({ email, looked, paused }: { email: string; looked: number; paused: boolean }) {
  const times = paused ? 0 : LOOKS - looked;
  const looking = useLookingAgain(times);
  // The page's own address with one more look: from the location, not the loader's request, which
  // is the data request's (".data?…&_routes=…") when JavaScript revalidates.
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.set("check", String(Math.min(looked + 1, LOOKS)));
  const next = `${pathname}?${params.toString()}`;
  const waiting = paused && looked < LOOKS;
  return (
    <section
      aria-labelledby="pending-title"
      className="rounded-lg border border-mint-300 bg-mint-50 p-5"
      data-testid="payment-pending"
    >
      {/* Without JavaScript only: with it, useLookingAgain looks again in place. */}
      {times > 0 && (
        <noscript>
          <meta httpEquiv="refresh" content={`${LOOK_AGAIN_SECONDS};url=${next}`} />
        </noscript>
      )}
      <h2 id="pending-title" className="font-semibold">
        Payment pending
      </h2>
      <p role="status" className="mt-1">
        {looking
          ? "Thank you! We are waiting for the payment provider to confirm your payment. This page updates by itself."
          : waiting
            ? "We are waiting for the payment provider to confirm your payment."
            : `Your payment is being processed. Some ways of paying take a few days: we will mail ${email} as soon as it is confirmed.`}
      </p>
      {/* Any time, the shopper may look for themselves (a whole page load without JavaScript). */}
      <p className="mt-2">
        <Link to={next} className="text-link" preventScrollReset>
          Check again
        </Link>
      </p>
    </section>
  );
}
