import { useEffect, useRef } from "react";
import { Link } from "~/components/ui/link";
import { loginHref } from "~/lib/login-link";
import type { PrivatePageOffer } from "~/lib/private-page";
import { planPrice } from "./plan-price";

/**
 * The private-page modal (SPEC §2): shown to non-members on a members-only page or exclusive
 * instead of its content, which the server never sent. It says what members get and offers to
 * join or, for guests, to log in. The server renders it open, so it works without JavaScript;
 * in the browser it becomes modal (focus inside, the page behind inert). Closing it leaves the
 * teaser and a short note with the same links.
 */
export function PrivatePageModal({ offer, title }: { offer: PrivatePageOffer; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element || !element.open || typeof element.showModal !== "function") return;
    element.close();
    element.showModal();
  }, []);
  const benefits = [...new Set(offer.plans.flatMap((plan) => plan.benefits))].slice(0, 5);
  return (
    <>
      <dialog ref={dialog} open aria-labelledby="private-page-title" className="private-page" data-testid="private-page">
        {/* The club's colours: a dark band with the offer's name, then what members get. */}
        <div className="private-page-band">
          <p className="text-xs font-semibold tracking-widest text-mint-300 uppercase">Members only</p>
          <h2 id="private-page-title" className="mt-1 pr-12 font-display text-3xl leading-tight font-bold tracking-tight">
            {title} is for members
          </h2>
          <form method="dialog" className="absolute top-3 right-3">
            {/* 44 px, the smallest target a thumb finds on a phone. */}
            <button
              type="submit"
              aria-label="Close"
              className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-mint-300"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </button>
          </form>
        </div>
        <div className="p-6">
          <p className="text-grey-700">Join the membership to read it, and get more besides:</p>
          {benefits.length > 0 && (
            <ul className="mt-3 space-y-2 text-sm text-grey-800">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <span aria-hidden="true" className="font-bold text-mint-700">
                    ✓
                  </span>
                  <span>{benefit}</span>
                </li>
              ))}
            </ul>
          )}
          {offer.plans.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Plans">
              {offer.plans.map((plan) => (
                <li key={plan.slug} className="rounded-full border border-grey-300 px-3 py-1">
                  <span className="font-semibold">{plan.name}</span>: <span className="whitespace-nowrap">{planPrice(plan)}</span>
                </li>
              ))}
            </ul>
          )}
          <PrivatePageActions offer={offer} />
        </div>
      </dialog>
      <p className="mt-6 rounded-md border border-mint-200 bg-mint-50 p-4 text-sm" data-testid="private-page-note">
        The rest is for members. <PrivatePageActions offer={offer} inline />
      </p>
    </>
  );
}

function PrivatePageActions({ offer, inline = false }: { offer: PrivatePageOffer; inline?: boolean }) {
  if (inline) {
    return (
      <>
        <Link to="/membership" className="font-semibold text-mint-700 underline">
          Join the membership
        </Link>
        {!offer.loggedIn && (
          <>
            {" or "}
            <Link to={loginHref(offer.path)} className="font-semibold text-mint-700 underline">
              log in
            </Link>
          </>
        )}
        .
      </>
    );
  }
  return (
    <div className="mt-6 grid gap-3 sm:auto-cols-fr sm:grid-flow-col">
      <Link to="/membership" className="button-primary inline-flex min-h-11 items-center justify-center">
        Join the membership
      </Link>
      {!offer.loggedIn && (
        <Link to={loginHref(offer.path)} className="button-secondary inline-flex min-h-11 items-center justify-center">
          Log in
        </Link>
      )}
    </div>
  );
}
