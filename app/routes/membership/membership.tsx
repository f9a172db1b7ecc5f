import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/membership";
import { failureOf, successOf } from "~/components/account-page";
import { YourMembership } from "~/components/membership/membership-status";
import { planPrice } from "~/components/membership/plan-price";
import { Link } from "~/components/ui/link";
import { formFailure, formFields } from "~/lib/forms.server";
import { loginHref } from "~/lib/login-link";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { siteNoticeCookie } from "~/lib/site-notice";
import { pageContext } from "../../../server/http/page-context.ts";

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
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Membership</h1>
      <p className="mt-3 max-w-prose text-lg text-grey-700">
        The keepers' club: exclusives from the newsroom, early access to new gear and member prices. Each plan below says what it
        gives.
      </p>
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
        <YourMembership status={status} busy={busy} className="mt-8 rounded-xl border border-mint-200 bg-mint-50 p-6">
          <p className="mt-3">
            <Link to="/membership-world" className="text-link">
              Go to the members' area
            </Link>
          </p>
        </YourMembership>
      )}
      <ul className="mt-10 grid gap-6 md:grid-cols-2" aria-label="Plans">
        {plans.map((plan) => {
          const current = status?.plan.slug === plan.slug;
          return (
            <li key={plan.slug} className="flex flex-col rounded-xl border border-grey-200 p-6" data-testid={`plan-${plan.slug}`}>
              <h2 className="text-2xl font-bold">{plan.name}</h2>
              <p className="mt-1 text-lg font-semibold text-mint-800">{planPrice(plan)}</p>
              {plan.description && <p className="mt-3 text-grey-700">{plan.description}</p>}
              <ul className="mt-4 flex-1 list-disc space-y-1 pl-5 text-sm">
                {plan.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
              <div className="mt-6">
                {plan.price > 0 ? (
                  // A paid plan is bought through checkout: by a guest (sent to log in first), a
                  // customer without a membership or with the free one, or renewed by its member.
                  !status || status.plan.price === 0 || current ? (
                    <Form method="post">
                      {current && <p className="mb-2 font-semibold">Your plan</p>}
                      <input type="hidden" name="plan" value={plan.slug} />
                      <button type="submit" name="intent" value="buy" className="button-primary" disabled={busy}>
                        {current ? "Renew" : "Join"} {plan.name}, {planPrice(plan)}
                      </button>
                    </Form>
                  ) : null
                ) : current ? (
                  <p className="font-semibold">Your plan</p>
                ) : status ? null : plan.price === 0 ? (
                  loggedIn ? (
                    <Form method="post">
                      <input type="hidden" name="plan" value={plan.slug} />
                      <button type="submit" name="intent" value="join" className="button-primary" disabled={busy}>
                        Join {plan.name}, free
                      </button>
                    </Form>
                  ) : (
                    <p className="text-sm">
                      <Link to={loginHref("/membership")} className="button-primary inline-block">
                        Log in to join
                      </Link>{" "}
                      or{" "}
                      <Link to="/sign-up" className="text-link">
                        create an account
                      </Link>
                    </p>
                  )
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
