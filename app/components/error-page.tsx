import { lazy, Suspense } from "react";
import { FallbackBoundary } from "./ui/fallback-boundary";

/*
 * The error page (the root's boundary: a 404, a members-only page, a failure), whose code a browser
 * loads only when it shows one, so no other page's first visit carries it. As with the private-page
 * modal (ADR 44): the server renders it at once; in the browser React keeps the server's HTML until
 * the code has arrived (a lazy component inside Suspense hydrates when it does), and after a
 * client-side navigation shows it as soon as it has.
 */
const View = import.meta.env.SSR
  ? (await import("./error-view")).ErrorView
  : lazy(() =>
      import("./error-view").then(
        (view) => ({ default: view.ErrorView }),
        (error: unknown) => {
          // Unlike the other parts loaded on demand, this one is the page: as for a route module
          // that cannot load (ADR 8), reload (at most once a minute) for the server's page from
          // the current build, and show nothing until then. Else the last-resort message.
          if (window.__shopReloadAfterChunkError?.()) return new Promise<never>(() => {});
          throw error;
        },
      ),
    );

/** What the root shows for whatever a route threw; a last-resort message if even that fails (or its code cannot load). */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <FallbackBoundary fallback={<ErrorPageFailed />}>
      <Suspense fallback={null}>
        <View error={error} />
      </Suspense>
    </FallbackBoundary>
  );
}

export function ErrorPageFailed() {
  return (
    <section className="container-page py-20">
      <h1 className="text-2xl font-semibold">An error occurred while showing the error page</h1>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <button type="button" className="text-mint-700 underline" onClick={() => window.location.reload()}>
          Try again
        </button>
        <a href="/" className="text-mint-700 underline">
          Back to the home page
        </a>
      </p>
    </section>
  );
}
