import type { ReactNode } from "react";
import { isRouteErrorResponse } from "react-router";
import { FallbackBoundary } from "./ui/fallback-boundary";
import { Link } from "./ui/link";
import { LazyPrivatePageModal } from "./membership/lazy-private-page-modal";
import { privatePageOffer, type PrivatePageOffer } from "~/lib/private-page";

/** The page for an unknown address (SPEC.md §2, §8). */
export function NotFoundView() {
  return (
    <section className="container-page flex flex-col items-start gap-4 py-20" aria-labelledby="error-title">
      <p className="font-display text-lg font-bold tracking-wider text-grey-600">404</p>
      <h1 id="error-title" className="text-3xl font-semibold">
        This page could not be found
      </h1>
      <Link to="/" className="rounded-md bg-mint-700 px-4 py-2 font-medium text-white hover:bg-mint-800">
        Back to the home page
      </Link>
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
  return (
    <section className="container-page flex flex-col items-start gap-4 py-20" aria-labelledby="error-title">
      <p className="font-display text-lg font-bold tracking-wider text-grey-600" data-testid="error-status">
        {status}
      </p>
      <h1 id="error-title" className="text-3xl font-semibold">
        {message}
      </h1>
      <Link to="/" className="rounded-md bg-mint-700 px-4 py-2 font-medium text-white hover:bg-mint-800">
        Back to the home page
      </Link>
    </section>
  );
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

/** Shows a last-resort message if rendering the error page itself fails. */
export function ErrorPageGuard({ children }: { children: ReactNode }) {
  return <FallbackBoundary fallback={<ErrorPageFailed />}>{children}</FallbackBoundary>;
}

export function ErrorPageFailed() {
  return (
    <section className="container-page py-20">
      <h1 className="text-2xl font-semibold">An error occurred while showing the error page</h1>
      <a href="/" className="mt-4 inline-block text-mint-700 underline">
        Back to the home page
      </a>
    </section>
  );
}
