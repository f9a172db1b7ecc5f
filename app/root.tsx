import {
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
import { ClientNavigation } from "./components/client-navigation";
import { CompareNotice } from "./components/compare-notice";
import { ErrorPageGuard, ErrorView } from "./components/error-view";
import { OnlineStatus } from "./components/online-status";
import { ProgressBar } from "./components/progress-bar";
import { ScrollKeeper } from "./components/scroll-keeper";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { handleOf } from "./lib/route-handle";
import { readCartToken } from "../server/modules/cart/cookie.ts";
import { clearCompareNoticeCookie, readCompareList, readCompareNotice } from "../server/modules/compare/cookies.ts";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, services } = context;
  const [menu, bagCount] = await Promise.all([
    services.catalog.categoryMenu(),
    // Only visitors with a bag cost a query; the count changes with bag actions (POSTs), after
    // which this loader runs again (shouldRevalidate below).
    services.cart.count(readCartToken(request.headers.get("cookie"))),
  ]);
  // The compare list is the visitor's cookie, read without a query (this loader runs on every page).
  const cookies = request.headers.get("cookie");
  const compareNotice = readCompareNotice(cookies);
  const shell = {
    site: { siteName: env.siteName, tagline: env.tagline, publicUrl: env.publicUrl },
    currency: env.currency,
    menu,
    bagCount,
    compare: [...readCompareList(cookies)],
    compareNotice,
  };
  // A compare form sent without JavaScript left a one-time notice for this page: shown once, then gone.
  const secure = env.publicUrl.startsWith("https://");
  return withHeaders(shell, compareNotice ? { headers: { "Set-Cookie": clearCompareNoticeCookie({ secure }) } } : undefined);
}

// The shell's data (menu, site name) changes only when the owner edits the catalogue, so
// client-side navigations do not fetch it again.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const error = useRouteError();
  const bare = useMatches().some((m) => handleOf(m).bare);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
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
            <SiteHeader siteName={data?.site.siteName ?? ""} categories={data?.menu ?? []} bagCount={data?.bagCount ?? 0} />
            <CompareNotice />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              {children}
            </main>
            {data && <SiteFooter siteName={data.site.siteName} tagline={data.site.tagline} />}
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

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPageGuard>
      <ErrorView error={error} />
    </ErrorPageGuard>
  );
}
