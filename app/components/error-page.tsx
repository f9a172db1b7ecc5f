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
  : lazy(() => import("./error-view").then((view) => ({ default: view.ErrorView })));

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
      <a href="/" className="mt-4 inline-block text-mint-700 underline">
        Back to the home page
      </a>
    </section>
  );
}
