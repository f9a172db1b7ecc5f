import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/membership";
import { failureOf, successOf } from "~/components/account-page";
import { MemberAreaLinks, YourMembership } from "~/components/membership/membership-status";
import { planPrice } from "~/components/membership/plan-price";
import { Link } from "~/components/ui/link";
import { formFailure, formFields } from "~/lib/forms.server";
import { loginHref } from "~/lib/login-link";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { siteNoticeCookie } from "~/lib/site-notice";
import { pageContext } from "../../../server/http/page-context.ts";
import { imageSrcSet, imageUrl, MEMBERSHIP_CARD_ARTWORK, storedImageSource } from "../../../server/modules/media/shared.ts";
import { offeredPlan } from "../../../server/modules/membership/shared.ts";

export const handle: RouteHandle = { feature: "membership" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), {
    title: "Membership",
    description: "Join the keepers' club: exclusives, early access to new gear, member prices and free delivery.",
    path: "/membership",
  });

/** /membership: the plans, what each gives, and joining; a member sees their membership here too. */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { membership } = context.services;
  const userId = context.session?.user.id ?? null;
  const [plans, status] = await Promise.all([membership.plans(), userId === null ? null : membership.status(userId)]);
  return { plans, status, loggedIn: userId !== null };
}

/**
 * Joining the free plan (one click; an account needed), buying a paid plan (it goes in the bag,
 * then to checkout: ADR 42), and a member's cancel or resume. A guest who posts is sent to log in
 * and comes back here.
 */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  if (!context.session) throw redirect(loginHref("/membership"), 303);
  const userId = context.session.user.id;
  const { membership } = context.services;
  try {
    switch (fields.intent) {
      case "join": {
        await membership.joinFree(context, userId, { plan: fields.plan });
        const headers = {
          "Set-Cookie": siteNoticeCookie({ kind: "success", message: "Welcome to the club: you are a member now." }),
        };
        return redirect("/membership-world", { status: 303, headers });
      }
      case "buy": {
        // The plan goes in the customer's bag (replacing another plan there) and is paid at checkout.
        await context.services.cart.putMembership(context, { customerId: userId }, { plan: fields.plan }, await context.viewer());
        return redirect("/checkout", 303);
      }
      case "stop": {
        const stopped = await membership.stop(context, userId);
        return {
          ok: true as const,
          message:
            stopped.ended === "now"
              ? "You have left the membership. You can join again at any time."
              : "Your membership will not be renewed. Your benefits stay until it ends.",
        };
      }
      case "resume":
        await membership.resume(context, userId);
        return { ok: true as const, message: "Your membership is kept: we will remind you before it ends." };
      default:
        return data(
          { ok: false as const, fieldErrors: {}, formError: "Please use the buttons on this page.", values: {} },
          { status: 400 },
        );
    }
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function Membership({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, status, loggedIn } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failure = failureOf(actionData);
  const success = successOf(actionData);
  // The plan to point at: the paid plan that gives the most (the dearest on sale).
  const featured = offeredPlan(plans)?.slug;
  return (
    <div className="container-page py-10">
      <div className="grid items-center gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-mint-800 uppercase">The Keepers' Club</p>
          <h1 className="mt-1 font-display text-4xl font-bold tracking-tight uppercase sm:text-5xl">Membership</h1>
          <p className="mt-3 max-w-prose text-lg text-grey-700">
            The keepers' club: exclusives from the newsroom, early access to new gear and member prices. Each plan below says what
            it gives.
          </p>
        </div>
        <img
          className="aspect-video w-full rounded-xl bg-grey-900 object-cover shadow-lg"
          src={imageUrl("cover", 640, storedImageSource(MEMBERSHIP_CARD_ARTWORK))}
          srcSet={imageSrcSet("cover", storedImageSource(MEMBERSHIP_CARD_ARTWORK), [320, 480, 640, 800])}
          sizes="(min-width: 1024px) 448px, 100vw"
          alt="The Keepers' Club membership card"
          width={640}
          height={360}
        />
      </div>
      {failure?.formError && (
        <p role="alert" className="form-error mt-6">
          {failure.formError}
        </p>
      )}
      {success && (
        <p role="status" className="form-success mt-6">
          {success.message}
        </p>
      )}
      {status && (
        <YourMembership status={status} className="mt-8 rounded-xl border border-mint-200 bg-mint-50 p-6">
          <MemberAreaLinks className="mt-4" />
        </YourMembership>
      )}
      <ul className="mt-10 grid gap-6 md:grid-cols-2" aria-label="Plans">
        {plans.map((plan) => {
          const current = status?.plan.slug === plan.slug;
          const highlighted = plan.slug === featured;
          return (
            <li
              key={plan.slug}
              className={`relative flex flex-col rounded-xl p-6 ${highlighted ? "border-2 border-mint-700 bg-white shadow-lg" : "border-2 border-grey-200 bg-grey-50"}`}
              data-testid={`plan-${plan.slug}`}
            >
              {highlighted && (
                <p className="absolute -top-3 left-6 rounded-full bg-mint-700 px-3 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
                  Best value
                </p>
              )}
              <h2 className="font-display text-3xl font-bold tracking-tight uppercase">{plan.name}</h2>
              <p className="mt-1 text-xl font-semibold whitespace-nowrap text-mint-800">{planPrice(plan)}</p>
              {plan.description && <p className="mt-3 text-grey-700">{plan.description}</p>}
              <ul className="mt-4 flex-1 space-y-2 text-sm">
                {plan.benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-2">
                    <span aria-hidden="true" className="font-bold text-mint-700">
                      ✓
                    </span>
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-6">
                <PlanAction plan={plan} current={current} status={status} loggedIn={loggedIn} busy={busy} primary={highlighted} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// Every plan's button has one size (full width, 64 px: room for a price that wraps to a second
// line on a phone), whatever it says: the plans compare side by side.
const PLAN_BUTTON = "inline-flex min-h-16 w-full items-center justify-center text-center text-balance";

/**
 * A plan's one action. A paid plan is bought through checkout: by a guest (sent to log in first),
 * a customer without a membership or with the free one, or renewed by its member. The free plan
 * is joined in one click by a customer with an account.
 */
function PlanAction({
  plan,
  current,
  status,
  loggedIn,
  busy,
  primary,
}: {
  plan: Route.ComponentProps["loaderData"]["plans"][number];
  current: boolean;
  status: Route.ComponentProps["loaderData"]["status"];
  loggedIn: boolean;
  busy: boolean;
  primary: boolean;
}) {
  const look = `${primary ? "button-primary" : "button-secondary"} ${PLAN_BUTTON}`;
  if (plan.price > 0) {
    if (status && status.plan.price > 0 && !current) return null;
    return (
      <Form method="post">
        {current && <p className="mb-2 font-semibold">Your plan</p>}
        <input type="hidden" name="plan" value={plan.slug} />
        <button type="submit" name="intent" value="buy" className={look} disabled={busy}>
          {current ? "Renew" : "Join"} {plan.name}, {planPrice(plan)}
        </button>
      </Form>
    );
  }
  if (current) return <p className={`${PLAN_BUTTON} rounded-md border border-mint-300 bg-mint-50 font-semibold`}>Your plan</p>;
  if (status) return null;
  if (loggedIn) {
    return (
      <Form method="post">
        <input type="hidden" name="plan" value={plan.slug} />
        <button type="submit" name="intent" value="join" className={look} disabled={busy}>
          Join {plan.name}, free
        </button>
      </Form>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm">
      <Link to={loginHref("/membership")} className={look}>
        Log in to join
      </Link>
      <p className="text-center">
        or{" "}
        <Link to="/sign-up" className="text-link">
          create an account
        </Link>
      </p>
    </div>
  );
}
