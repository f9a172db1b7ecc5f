import type { PlanSummary } from "../../../server/modules/membership/shared.ts";
import { imageSrcSet, imageUrl, MEMBERSHIP_CARD_ARTWORK, storedImageSource } from "../../../server/modules/media/shared.ts";
import { planPrice } from "~/components/membership/plan-price";
import { Link } from "~/components/ui/link";

const CARD = storedImageSource(MEMBERSHIP_CARD_ARTWORK);

/**
 * The membership offer on the home page: the paid plan (the dearest on sale), its price, what it
 * gives, and the way to join. The home page is the same for everyone, so the button leads to
 * /membership, which knows who is asking and what they may buy.
 */
export function HomeMembershipOffer({ plan }: { plan: PlanSummary | undefined }) {
  if (!plan) return null;
  return (
    <section aria-labelledby="home-membership-title" className="mt-16 bg-grey-900 text-white">
      <div className="container-page grid items-center gap-8 py-12 lg:grid-cols-2 lg:py-16">
        <div>
          <p className="text-sm font-semibold tracking-widest text-mint-300 uppercase">Membership</p>
          <h2 id="home-membership-title" className="mt-2 font-display text-4xl font-bold tracking-tight uppercase sm:text-5xl">
            {plan.name}
          </h2>
          <p className="mt-2 text-2xl font-semibold whitespace-nowrap text-mint-300">{planPrice(plan)}</p>
          {plan.description && <p className="mt-4 max-w-prose text-grey-100">{plan.description}</p>}
          <ul className="mt-4 space-y-2 text-grey-100">
            {plan.benefits.slice(0, 4).map((benefit) => (
              <li key={benefit} className="flex gap-2">
                <span aria-hidden="true" className="font-bold text-mint-300">
                  ✓
                </span>
                <span>{benefit}</span>
              </li>
            ))}
          </ul>
          <Link
            to="/membership"
            className="mt-6 inline-flex min-h-12 items-center justify-center rounded-md bg-mint-500 px-6 font-semibold text-grey-900 hover:bg-mint-400"
          >
            Join the membership
          </Link>
        </div>
        <img
          src={imageUrl("cover", 800, CARD)}
          srcSet={imageSrcSet("cover", CARD, [480, 640, 800, 1200])}
          sizes="(min-width: 1024px) 50vw, 100vw"
          alt={`The ${plan.name} membership card`}
          loading="lazy"
          width={800}
          height={450}
          className="aspect-video w-full rounded-xl bg-grey-800 object-cover shadow-2xl"
        />
      </div>
    </section>
  );
}
