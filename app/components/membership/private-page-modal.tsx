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
        <form method="dialog" className="absolute top-3 right-3">
          <button type="submit" aria-label="Close" className="rounded p-1 text-grey-500 hover:text-grey-900">
            <span aria-hidden="true">✕</span>
          </button>
        </form>
        <p className="text-sm font-semibold tracking-wide text-mint-700 uppercase">Members only</p>
        <h2 id="private-page-title" className="mt-1 text-2xl font-bold tracking-tight">
          {title} is for members
        </h2>
        <p className="mt-2 text-grey-700">Join the membership to read it, and get more besides:</p>
        {benefits.length > 0 && (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-grey-800">
            {benefits.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
        )}
        {offer.plans.length > 0 && (
          <p className="mt-3 text-sm text-grey-600">
            {offer.plans.map((plan, i) => (
              <span key={plan.slug}>
                {i > 0 && " · "}
                {plan.name}: {planPrice(plan)}
              </span>
            ))}
          </p>
        )}
        <PrivatePageActions offer={offer} />
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
    <div className="mt-5 flex flex-wrap gap-3">
      <Link to="/membership" className="button-primary">
        Join the membership
      </Link>
      {!offer.loggedIn && (
        <Link to={loginHref(offer.path)} className="button-secondary">
          Log in
        </Link>
      )}
    </div>
  );
}
