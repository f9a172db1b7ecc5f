import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/frame";
import type { RouteHandle } from "~/lib/route-handle";
import adminStyles from "~/styles/admin.css?url";

/*
 * The frame of the back office's sign-in steps (a set-up link, an invitation, the authenticator,
 * a code): a card on the back office's ground, without the shop's header. Never stored, never
 * indexed, and the addresses' tokens never leave in a Referer.
 */

export const handle: RouteHandle = { bare: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles, precedence: "default" }];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "same-origin",
});

export default function AccessFrame() {
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-grey-50 px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-lg border border-grey-200 bg-white p-6 shadow-sm sm:p-8">
        <Outlet />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-grey-50 px-4">
      <div className="max-w-md text-center">
        <h1 className="text-xl font-semibold">{notFound ? "Page not found" : "Something went wrong"}</h1>
        <p className="mt-2 text-grey-600">
          <a className="text-link" href="/">
            Back to the shop
          </a>
        </p>
      </div>
    </main>
  );
}
