import { Form, isRouteErrorResponse, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { ADMIN_SECTIONS, AdminNav, sectionOf } from "~/components/admin/admin-nav";
import { mayOpen } from "../../../server/modules/staff-access/shared.ts";
import type { RouteHandle } from "~/lib/route-handle";
import adminStyles from "~/styles/admin.css?url";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The back office's frame (issue 24, ADR 58): its own navigation and stylesheet, without the
 * shop's header and footer. Every page inside says who may open it (handle.backOffice); the
 * guard has checked the role, the second factor and the session's limits before this runs.
 * Printed, the frame steps aside (print:hidden): a page prints as its content alone, which is
 * what the packing slips and invoices need (ADR 62).
 */

export const handle: RouteHandle = { bare: true, backOffice: "any" };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles, precedence: "default" }];

// Nothing of the back office is stored by a shared cache or indexed.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export async function loader({ context: router }: Route.LoaderArgs) {
  const { session, env } = pageContext(router);
  const user = session!.user;
  return {
    siteName: env.siteName,
    user: { email: user.email, role: user.role },
    sections: ADMIN_SECTIONS.filter((section) => mayOpen(user, section.access)).map(({ to, label }) => ({ to, label })),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const current = sectionOf(pathname);
  const { siteName, user, sections } = loaderData;
  const signOut = (
    <Form method="post" action="/logout">
      <button type="submit" className="button-secondary w-full">
        Log out
      </button>
    </Form>
  );
  return (
    <div className="min-h-screen bg-grey-50 text-grey-900 print:min-h-0 print:bg-white">
      <a
        href="#admin-main"
        className="sr-only print:hidden focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="flex items-center justify-between gap-4 border-b border-grey-200 bg-white px-4 py-3 lg:px-6 print:hidden">
        <p className="text-sm font-semibold">
          <a href="/" className="hover:underline">
            {siteName}
          </a>{" "}
          <span className="text-grey-500">· Back office</span>
        </p>
        <p className="hidden text-sm text-grey-600 sm:block">
          {user.email} <span className="rounded bg-grey-100 px-1.5 py-0.5 text-xs uppercase">{user.role}</span>
        </p>
        {/* On a phone the sections fold into a menu that opens without JavaScript. */}
        <details className="admin-menu relative lg:hidden">
          <summary className="cursor-pointer rounded-md border border-grey-300 px-3 py-1.5 text-sm">Menu</summary>
          <nav
            aria-label="Back office"
            className="absolute right-0 z-20 mt-2 w-56 rounded-md border border-grey-200 bg-white p-2 shadow-lg"
          >
            <AdminNav sections={sections} current={current} />
            <div className="mt-2 border-t border-grey-200 pt-2">{signOut}</div>
          </nav>
        </details>
      </header>
      <div className="lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] print:block">
        <nav
          aria-label="Back office"
          className="hidden border-r border-grey-200 bg-white p-4 lg:block lg:min-h-[calc(100vh-3.25rem)] print:hidden"
        >
          <AdminNav sections={sections} current={current} />
          <div className="mt-6">{signOut}</div>
        </nav>
        <main id="admin-main" tabIndex={-1} className="min-w-0 p-4 outline-none lg:p-8 print:p-0">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/**
 * A page of the back office that failed (an order number that does not exist, a bug): said in the
 * back office's own words, with a way back, instead of the shop's error page.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="admin-main" className="min-h-screen bg-grey-50 p-8">
      <h1 className="text-2xl font-bold tracking-tight">{notFound ? "Not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-grey-700">
        {notFound ? "Nothing in the back office has this address." : "The page could not be shown. Try again in a moment."}
      </p>
      <p className="mt-4">
        <a className="text-link" href="/admin">
          Back to the back office
        </a>
      </p>
    </main>
  );
}
