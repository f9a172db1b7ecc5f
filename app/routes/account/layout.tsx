import { Form, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { Link } from "~/components/ui/link";
import { currentCustomer } from "~/lib/guards.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

export const handle: RouteHandle = { auth: true };

// Everything under /my-account is one customer's: never stored by a shared cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" });

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  return { user: { firstName: user.firstName } };
}

const SECTIONS = [
  { to: "/my-account", label: "Overview" },
  { to: "/my-account/personal-details", label: "Personal details" },
  { to: "/my-account/delivery-addresses", label: "Delivery addresses" },
  { to: "/my-account/communication-preferences", label: "Communication preferences" },
  { to: "/my-account/order-history", label: "Order history" },
];

/** The account area's frame: its sections, the way out, and the section's page. */
export default function MyAccount({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // The section the page belongs to (an order belongs to the order history).
  const section = [...SECTIONS].reverse().find((s) => pathname === s.to || pathname.startsWith(`${s.to}/`));
  const current = section?.to;
  return (
    <div className="container-page py-8">
      {/* By first name, or not at all: a user name is a login, not what anyone is called. */}
      {loaderData.user.firstName && (
        <p className="text-sm text-grey-600" data-testid="account-greeting">
          Hello, {loaderData.user.firstName}
        </p>
      )}
      {/* The page's own name: the section (the overview is "My account"). */}
      <h1 className="font-display text-2xl font-bold tracking-tight uppercase sm:text-3xl">
        {section && section.to !== "/my-account" ? section.label : "My account"}
      </h1>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label="My account" className="account-nav">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} aria-current={section.to === current ? "page" : undefined}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
          <Form method="post" action="/logout">
            <button type="submit" className="button-secondary mt-4 w-full">
              Log out
            </button>
          </Form>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
