import type { Route } from "./+types/world";
import { YourMembership } from "~/components/membership/membership-status";
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

/** /membership-world: the members' area: their membership, the newest exclusives, member offers. */
export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const { membership, news } = context.services;
  const [status, exclusives] = await Promise.all([membership.status(user.id), news.listing({ section: "exclusives", page: 1 })]);
  return { status, exclusives: exclusives?.tiles.slice(0, LATEST_EXCLUSIVES) ?? [], firstName: user.firstName };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function MembershipWorld({ loaderData }: Route.ComponentProps) {
  const { status, exclusives, firstName } = loaderData;
  return (
    <div className="container-page py-10">
      <p className="text-sm font-semibold tracking-wide text-mint-700 uppercase">Membership world</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">Welcome{firstName ? `, ${firstName}` : ""}</h1>
      {status && <YourMembership status={status} className="mt-8 max-w-2xl" />}
      <section aria-labelledby="latest-exclusives" className="mt-12">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="latest-exclusives" className="text-2xl font-bold tracking-tight">
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
    </div>
  );
}
