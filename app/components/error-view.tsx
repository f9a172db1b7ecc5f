import { isRouteErrorResponse, useLocation, useRouteLoaderData } from "react-router";
import { Link } from "./ui/link";
import { LazyPrivatePageModal } from "./membership/lazy-private-page-modal";
import { privatePageOffer, type PrivatePageOffer } from "~/lib/private-page";
import { deserialize, type Serialized } from "~/lib/serialized";
import type { MenuEntry } from "../../server/modules/site/shared.ts";

/** The shop's top-level categories from the root's menu, when the frame has it (not when the root itself failed). */
function useCategoryLinks(): { label: string; href: string }[] {
  const root = useRouteLoaderData("root") as { menu?: Serialized<MenuEntry[]> } | undefined;
  if (!root?.menu) return [];
  return deserialize(root.menu)
    .filter((entry) => entry.category !== null)
    .map(({ label, href }) => ({ label, href }));
}

const BUTTON = "inline-flex min-h-11 items-center justify-center rounded-md px-5 font-semibold";

/**
 * The page for an unknown address (SPEC.md §2, §8): it says so in the spec's words, then helps
 * the visitor on: home, a search, or a category (ADR 82).
 */
export function NotFoundView() {
  const categories = useCategoryLinks();
  return (
    <section className="container-page py-14 sm:py-20" aria-labelledby="error-title">
      <div className="max-w-2xl">
        <p className="font-display text-4xl leading-none font-bold tracking-tight text-mint-800 uppercase sm:text-6xl">
          It got past the keeper
        </p>
        <h1 id="error-title" className="mt-4 text-2xl font-semibold sm:text-3xl">
          This page could not be found
        </h1>
        <p className="mt-3 text-grey-700">
          The link may be old, or the address mistyped. Search the shop, pick a category, or start again from the home page.
        </p>
        <p className="mt-6">
          <Link to="/" className={`${BUTTON} bg-mint-700 text-white hover:bg-mint-800`}>
            Back to the home page
          </Link>
        </p>
        <form method="get" action="/search" role="search" aria-label="Search the shop" className="mt-8 flex max-w-md gap-2">
          <label htmlFor="not-found-search" className="sr-only">
            Search the shop
          </label>
          <input
            id="not-found-search"
            type="search"
            name="q"
            placeholder="Search gloves, kit, brands"
            className="min-h-11 min-w-0 flex-1 rounded-md border border-grey-500 px-3 text-base focus:border-mint-700 focus:ring-2 focus:ring-mint-700 focus:outline-none"
          />
          <button type="submit" className={`${BUTTON} border border-grey-400 bg-white text-grey-900 hover:border-mint-600`}>
            Search
          </button>
        </form>
      </div>
      {categories.length > 0 && (
        <nav aria-labelledby="not-found-categories" className="mt-10">
          <h2 id="not-found-categories" className="text-lg font-semibold">
            Or shop a category
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {categories.map((category) => (
              <li key={category.href}>
                <Link to={category.href} className="chip min-h-11">
                  {category.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}

/** A members-only page seen by someone who is not a member: the private-page modal, nothing of the page. */
function MembersOnlyView({ offer }: { offer: PrivatePageOffer }) {
  return (
    <section className="container-page py-14" aria-labelledby="members-only-title">
      <h1 id="members-only-title" className="text-3xl font-semibold">
        Members only
      </h1>
      <LazyPrivatePageModal offer={offer} title="This page" />
    </section>
  );
}

/** The error page: the message (default 'Error') and the status (default 500). */
export function ErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  const offer = isRouteErrorResponse(error) && error.status === 403 ? privatePageOffer(error.data) : null;
  if (offer) return <MembersOnlyView offer={offer} />;
  const { status, message } = describeError(error);
  return <ErrorMessage status={status} message={message} />;
}

function ErrorMessage({ status, message }: { status: number; message: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="container-page py-14 sm:py-20" aria-labelledby="error-title">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold text-grey-600">
          Error <span data-testid="error-status">{status}</span>
        </p>
        <h1 id="error-title" className="mt-2 font-display text-4xl font-bold tracking-tight uppercase sm:text-5xl">
          {message}
        </h1>
        <p className="mt-4 text-grey-700">{whatHappened(status)}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/" className={`${BUTTON} bg-mint-700 text-white hover:bg-mint-800`}>
            Back to the home page
          </Link>
          {/* A plain link: it loads the page again from the server, which is what "try again" means. */}
          <a
            href={`${pathname}${search}`}
            className={`${BUTTON} border border-grey-400 bg-white text-grey-900 hover:border-mint-600`}
          >
            Try again
          </a>
        </div>
      </div>
    </section>
  );
}

/** What went wrong, and what to do about it, in a shopper's words, by the status. */
function whatHappened(status: number): string {
  if (status === 401 || status === 403)
    return "This page is not open to you. Log in with the account it belongs to, or go back to the shop.";
  if (status === 429) return "Too many requests came from your connection in a short time. Wait a minute, then try again.";
  if (status === 503) return "The shop is busy or down for a moment for maintenance. Your bag is kept: try again in a minute.";
  if (status >= 500)
    return "Something went wrong on our side, not yours. Your bag is kept: try again, or come back in a few minutes.";
  return "The shop could not do what was asked. Go back and try again, or start from the home page.";
}

/**
 * Status and visitor-facing message of whatever a route threw. Only messages the shop put in a
 * thrown response are shown; an exception's own text (which may reveal internals) is shown only
 * in development.
 */
export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const given =
      typeof data === "object" && data !== null && "message" in data && typeof data.message === "string"
        ? data.message
        : undefined;
    return { status: error.status || 500, message: given || error.statusText || "Error" };
  }
  if (import.meta.env.DEV && error instanceof Error && error.message) return { status: 500, message: error.message };
  return { status: 500, message: "Error" };
}
