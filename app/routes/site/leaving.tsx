import { data } from "react-router";
import type { Route } from "./+types/leaving";
import { LEAVING_TEXT, LeavingNotice } from "~/components/leaving-notice";
import { Link } from "~/components/ui/link";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";
import { safeLocalPath } from "../../../server/lib/shared.ts";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageMeta(siteFrom(matches), {
    title: loaderData?.ok ? `Leaving for ${loaderData.host}` : "This link cannot be followed",
    path: "/leaving",
  }),
  { name: "robots", content: "noindex" },
];

// The way back depends on the page the visitor came from: never kept for anyone else.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

/**
 * Where the shop's page was, from the Referer of a visitor who came from one (the shop sends it
 * to itself only), so "Stay on the shop" goes back there; the home page otherwise. Only a path
 * that stays on the shop: a Referer of "https://shop//evil.example" has the path "//evil.example",
 * which a link would take to another site.
 */
function wayBack(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return "/";
  const from = new URL(referer);
  const here = new URL(request.url);
  if (from.origin !== here.origin || from.pathname === here.pathname) return "/";
  return safeLocalPath(from.pathname + from.search) ?? "/";
}

/**
 * /leaving?to=<address>: the external-site notice (SPEC §2) for links that leave the shop, the
 * page a link out lands on without JavaScript (with it, components/external-link.tsx shows the
 * same notice as a dialog). It only forwards to the hosts the shop links to, or to an https address
 * whose `sig` shows the shop itself wrote the link (an editor's link in a news post or a page);
 * anything else is a 400.
 */
export function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const query = new URL(request.url).searchParams;
  const target = context.services.externalLinks.leavingTarget(query.get("to"), query.get("sig"));
  const back = wayBack(request);
  if (!target.ok) return data({ ok: false as const, message: target.message, back }, { status: 400 });
  return { ok: true as const, url: target.url, host: target.host, back, siteName: context.env.siteName };
}

export default function Leaving({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-12">
      <div className="mx-auto max-w-lg rounded-xl border border-grey-200 bg-white p-6 shadow-sm" data-testid="leaving-page">
        {loaderData.ok ? (
          <LeavingNotice
            titleId="leaving-title"
            siteName={loaderData.siteName}
            host={loaderData.host}
            heading="h1"
            continueLink={
              <a href={loaderData.url} rel="noopener noreferrer" className="button-primary">
                {LEAVING_TEXT.continue(loaderData.host)}
              </a>
            }
            stayControl={
              <Link to={loaderData.back} className="button-secondary">
                {LEAVING_TEXT.stay}
              </Link>
            }
          />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight">This link cannot be followed</h1>
            <p role="alert" className="form-error mt-3" data-testid="leaving-error">
              {loaderData.message}
            </p>
            <p className="mt-6">
              <Link to={loaderData.back} className="button-secondary inline-block">
                {LEAVING_TEXT.stay}
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
