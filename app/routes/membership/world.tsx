import type { Route } from "./+types/world";
import { useNavigation } from "react-router";
import { MemberSavingsView, MembershipSettings, YourMembership } from "~/components/membership/membership-status";
import { NewsTile } from "~/components/news/news-tile";
import { Link } from "~/components/ui/link";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

// Members only: everyone else gets the private-page modal from the membership-page guard.
export const handle: RouteHandle = { feature: "membership", membership: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), { title: "Membership world", description: "The members' area.", path: "/membership-world" }),
  { name: "robots", content: "noindex" },
];

const LATEST_EXCLUSIVES = 6;

/**
 * /membership-world: the members' area: their membership and what it saved them so far, the
 * newest exclusives, and at the end the membership's settings (leaving, the renewal).
 */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const { membership, news } = context.services;
  const [status, savings, exclusives] = await Promise.all([
    membership.status(user.id),
    membership.savings(user.id),
    news.listing({ section: "exclusives", page: 1 }),
  ]);
  return { status, savings, exclusives: exclusives?.tiles.slice(0, LATEST_EXCLUSIVES) ?? [], firstName: user.firstName };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function MembershipWorld({ loaderData }: Route.ComponentProps) {
  // Leave and cancel are disabled while one is on its way: a second press would post it twice.
  const busy = useNavigation().state === "submitting";
  const { status, savings, exclusives, firstName } = loaderData;
  return (
    <div className="container-page py-10">
      <p className="text-sm font-semibold tracking-wide text-mint-800 uppercase">Membership world</p>
      <h1 className="mt-1 font-display text-4xl font-bold tracking-tight uppercase sm:text-5xl">
        Welcome{firstName ? `, ${firstName}` : ""}
      </h1>
      {status && (
        <YourMembership status={status} className="mt-8 max-w-2xl rounded-xl border border-mint-200 bg-mint-50 p-6">
          <div className="mt-5 border-t border-mint-200 pt-4">
            <MemberSavingsView savings={savings} />
          </div>
        </YourMembership>
      )}
      <section aria-labelledby="latest-exclusives" className="mt-12">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
          <h2 id="latest-exclusives" className="font-display text-3xl font-bold tracking-tight uppercase">
            New exclusives
          </h2>
          <Link to="/news-and-media/exclusives" className="text-link text-sm">
            All exclusives
          </Link>
        </div>
        {exclusives.length === 0 ? (
          <p className="mt-4 text-grey-700">The first exclusives are on their way.</p>
        ) : (
          <div className="news-grid mt-6">
            {exclusives.map((tile) => (
              <NewsTile key={tile.slug} tile={tile} />
            ))}
          </div>
        )}
      </section>
      {status && (
        <div className="mt-16 max-w-2xl">
          <MembershipSettings status={status} busy={busy} />
        </div>
      )}
    </div>
  );
}
