import { Form } from "react-router";
import type { Route } from "./+types/overview";
import { failureOf, successOf } from "~/components/account-page";
import { OrderTable } from "~/components/account/order-table";
import { MemberAreaLinks, MemberSavingsView, MembershipStatusView } from "~/components/membership/membership-status";
import { Link } from "~/components/ui/link";
import { formFailure, formFields } from "~/lib/forms.server";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), { title: "My account", description: "Your account.", path: "/my-account" });

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const [profile, orders, membership, savings] = await Promise.all([
    context.services.customers.profile(context, user.id),
    context.services.customers.orders(context, user.id, { first: 3 }),
    context.services.membership.status(user.id),
    context.services.membership.savings(user.id),
  ]);
  return {
    user: { username: user.username, email: user.email, confirmed: user.confirmed },
    profile,
    orders,
    membership,
    savings,
  };
}

/** The one action here: a new confirmation link for an account that is not confirmed yet. */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  await formFields(request);
  try {
    await context.services.accounts.sendEmailConfirmation(context, { email: user.email });
    return { ok: true as const, message: `A new confirmation link is on its way to ${user.email}.` };
  } catch (error) {
    return formFailure(error, {});
  }
}

export default function Overview({ loaderData, actionData }: Route.ComponentProps) {
  const { user, profile, orders, membership, savings } = loaderData;
  const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-8">
      {!user.confirmed && (
        <div role="status" className="form-error flex flex-wrap items-center gap-3" data-testid="confirm-reminder">
          <p>Please confirm your e-mail address: we sent a link to {user.email}.</p>
          {successOf(actionData) ? (
            <p>{successOf(actionData)!.message}</p>
          ) : failureOf(actionData)?.formError ? (
            <p role="alert">{failureOf(actionData)!.formError}</p>
          ) : (
            <Form method="post">
              <button type="submit" className="button-secondary">
                Send a new link
              </button>
            </Form>
          )}
        </div>
      )}
      <section aria-labelledby="details-title" className="flex flex-col gap-2">
        <h2 id="details-title" className="text-lg font-semibold">
          Your details
        </h2>
        <dl className="account-facts">
          <dt>Name</dt>
          <dd>{name || "Not given yet"}</dd>
          <dt>User name</dt>
          <dd>{user.username}</dd>
          <dt>E-mail address</dt>
          <dd>
            {user.email} {user.confirmed ? "(confirmed)" : "(not confirmed yet)"}
          </dd>
        </dl>
        <p>
          <Link to="/my-account/personal-details" className="text-link">
            Change your details
          </Link>
        </p>
      </section>
      <section aria-labelledby="membership-title" className="flex flex-col gap-2">
        <h2 id="membership-title" className="text-lg font-semibold">
          Membership
        </h2>
        {membership ? (
          <>
            <MembershipStatusView status={membership} />
            <MemberSavingsView savings={savings} />
            <MemberAreaLinks />
          </>
        ) : (
          <p>
            You are not a member yet.{" "}
            <Link to="/membership" className="text-link">
              See what members get
            </Link>
          </p>
        )}
      </section>
      <section aria-labelledby="orders-title" className="flex flex-col gap-2">
        <h2 id="orders-title" className="text-lg font-semibold">
          Recent orders
        </h2>
        <OrderTable orders={orders} />
        {orders.length > 0 && (
          <p>
            <Link to="/my-account/order-history" className="text-link">
              All your orders
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
