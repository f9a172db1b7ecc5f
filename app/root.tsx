import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data as withHeaders,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/root";
import { AnalyticsScript } from "./components/analytics-script";
import { useLiveBagCount } from "./components/bag/use-live-bag-count";
import { ClientNavigation } from "./components/client-navigation";
import { CompareTogglesForm } from "./components/compare-form";
import { CompareNotice } from "./components/compare-notice";
import { ErrorPage } from "./components/error-page";
import { OnlineStatus } from "./components/online-status";
import { ProgressBar } from "./components/progress-bar";
import { ScrollKeeper } from "./components/scroll-keeper";
import { SiteFooter } from "./components/site-footer";
import { SessionWatch } from "./components/session-watch";
import { CheckoutHeader, SiteHeader } from "./components/site-header";
import { SiteTrustBar } from "./components/site-trust-bar";
import { SiteNotice } from "./components/site-notice";
import { Toaster } from "./components/toaster";
import { handleOf } from "./lib/route-handle";
import { deserialize, serialize } from "./lib/serialized";
import { SESSION_ENDED_MESSAGE } from "./lib/auth-state";
import { whoseBag } from "../server/modules/cart/shared.ts";
import { pageGuards } from "./lib/guards.server";
import { clearSiteNoticeCookie, readSiteNotice } from "./lib/site-notice";
import { clearedSessionCookies, readSessionCookie, readTokenExpiration } from "../server/modules/accounts/shared.ts";
import { clearCompareNoticeCookie, readCompareList, readCompareNotice } from "../server/modules/compare/shared.ts";
import { siteFrom } from "./lib/meta";
import stylesheet from "./styles/app.css?url";
// The headline weight (the display face's 800, latin) and the text face (latin), asked for with the
// stylesheet rather than once it has been read: both are in the first paint, and a late font would
// move the text (ADR 79, ADR 83).
import displayFont from "@fontsource/barlow-condensed/files/barlow-condensed-latin-800-normal.woff2?url";
import textFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { pageContext } from "../server/http/page-context.ts";
import type { MenuEntry } from "../server/modules/site/shared.ts";

export const links: Route.LinksFunction = () => [
  // A precedence makes the stylesheet one of React's resources, which it writes at the top of the
  // head: before the pages' module preloads, not after them (ADR 52).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: textFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Only for the error page: React Router then renders the root's boundary in place of the page,
 * and uses the root's meta, so without this an error or a 404 had no title. Pages title themselves.
 */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  if (!error) return [];
  const siteName = siteFrom(matches)?.siteName;
  const title = isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Error";
  return [{ title: siteName ? `${title} | ${siteName}` : title }, { name: "robots", content: "noindex" }];
};

// The page guards (block-page, membership-page, auth) run on every page before its loader (ADR 35).
export const middleware: Route.MiddlewareFunction[] = [pageGuards];

export async function loader({ context: router, request }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { env, services, session } = context;
  const cookies = request.headers.get("cookie");
  // What the visitor's membership gives them (one query, customers only; ADR 41).
  const viewer = await context.viewer();
  const [categories, site, bagCount, pricing] = await Promise.all([
    services.catalog.categoryMenu(),
    // The site's own data (ADR 76): menu, footer, contact, trust bar, social links, flags; from memory.
    services.site.view(),
    // Only visitors with a bag cost a query; the count changes with bag actions (POSTs), after
    // which this loader runs again (shouldRevalidate below).
    services.cart.count(context, whoseBag(context), viewer),
    // How prices are shown to this visitor: per visitor, so never part of a shared answer.
    services.membership.priceRule(viewer),
  ]);
  // The compare list is the visitor's cookie, read without a query (this loader runs on every page).
  // The navigation with the catalogue's categories in their place: one object per data and catalogue.
  const menu = await services.site.menu(categories);
  const compareNotice = readCompareNotice(cookies);
  const notice = readSiteNotice(cookies);
  const headers = new Headers();
  const secure = context.cookies;
  // One-time notices (a compare form sent without JavaScript, a login): shown once, then gone.
  if (compareNotice) headers.append("Set-Cookie", clearCompareNoticeCookie(secure));
  if (notice) headers.append("Set-Cookie", clearSiteNoticeCookie());
  // A token cookie whose session has ended (expired, logged out elsewhere, password changed):
  // the browser forgets it, and the visitor is told.
  const sessionEnded = !session && readSessionCookie(cookies) !== null;
  if (sessionEnded) for (const cookie of clearedSessionCookies(cookies, secure)) headers.append("Set-Cookie", cookie);
  const shell = {
    site: { siteName: env.siteName, tagline: env.tagline, publicUrl: env.publicUrl },
    currency: env.currency,
    // Whether the shop takes cards (ADR 38): the footer's payment marks show only what it takes.
    cards: services.payments.enabled,
    // The analytics tag's settings when configured (ADR 40) and the owner has it on; absent, the page has no such tag.
    analytics: site.flags.analytics === false ? null : (env.analytics ?? null),
    // Cached and the same for everyone: their JSON texts are made once (lib/serialized.ts).
    menu: serialize(menu),
    siteData: serialize(site),
    // The owner's switches the pages' components follow (lib/features.ts).
    flags: site.flags,
    bagCount,
    pricing,
    compare: [...readCompareList(cookies)],
    compareNotice,
    notice: sessionEnded ? { kind: "error" as const, message: SESSION_ENDED_MESSAGE } : notice,
    auth: session
      ? {
          user: {
            id: session.user.id,
            username: session.user.username,
            firstName: session.user.firstName,
            confirmed: session.user.confirmed,
          },
          strategy: session.strategy,
          expiresAt: readTokenExpiration(cookies) ?? session.expiresAt.getTime(),
        }
      : null,
  };
  return withHeaders(shell, { headers });
}

// The shell's data (menu, site name, the site's data) changes only when the owner edits the
// catalogue or the site, so client-side navigations do not fetch it again.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  // An error the root's boundary shows (a back-office address refused to a shopper: 404) is
  // the shop's error page, with the shop's frame, whatever the matched routes' options.
  const matches = useMatches();
  const bare = !error && matches.some((m) => handleOf(m).bare);
  // Checkout has a stripped frame (ADR 79): no menu, search, trust bar or newsletter to leave by.
  const checkout = !error && matches.some((m) => m.id === "routes/checkout/checkout");
  const site = data ? deserialize(data.siteData) : null;
  const menu = data ? deserialize(data.menu) : [];
  // A customer's bag count follows changes made in their other tabs and devices.
  const bagCount = useLiveBagCount(data, data?.auth != null);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <AnalyticsScript tag={data?.analytics} />
      </head>
      <body className={bare ? "flex min-h-screen flex-col" : "shop-frame flex min-h-screen flex-col"}>
        {bare ? (
          children
        ) : (
          <>
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
            >
              Skip to content
            </a>
            <ProgressBar failed={error != null} />
            <OnlineStatus />
            {checkout ? (
              <CheckoutHeader siteName={data?.site.siteName ?? ""} contactEmail={site?.contact.email ?? null} />
            ) : (
              <>
                <SiteHeader
                  siteName={data?.site.siteName ?? ""}
                  menu={menu}
                  compare={data?.flags.compare !== false}
                  bagCount={bagCount}
                  customer={data?.auth?.user ?? null}
                  extraLinks={drawerLinks(menu, data?.flags ?? {})}
                />
                {site && <SiteTrustBar trust={site.trust} />}
              </>
            )}
            <CompareNotice />
            {data?.flags.compare !== false && <CompareTogglesForm />}
            <SiteNotice />
            <SessionWatch />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            {data && site && (
              <SiteFooter
                siteName={data.site.siteName}
                tagline={data.site.tagline}
                site={site}
                cards={data.cards}
                slim={checkout}
              />
            )}
            <Toaster />
          </>
        )}
        <ClientNavigation />
        <ScrollRestoration />
        <ScrollKeeper />
        <Scripts />
      </body>
    </html>
  );
}

/** News and the membership for the drawer, when they are on and the owner's menu does not already lead there. */
function drawerLinks(menu: MenuEntry[], flags: Record<string, boolean>) {
  const links = [
    { label: "News", href: "/news-and-media", flag: "news" },
    { label: "Membership", href: "/membership", flag: "membership" },
  ];
  return links
    .filter((link) => flags[link.flag] !== false && !menu.some((entry) => entry.href === link.href))
    .map(({ label, href }) => ({ label, href }));
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
