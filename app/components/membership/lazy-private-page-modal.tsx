import { lazy, Suspense, type ComponentProps } from "react";
import { FallbackBoundary } from "~/components/ui/fallback-boundary";
import { Link } from "~/components/ui/link";

/*
 * The private-page modal, whose code a browser loads only on a page that shows it (a members-only
 * page or exclusive seen by someone who is not a member), so no other page's first visit carries
 * it (ADR 44). The server renders it at once; in the browser React keeps the server's HTML of it
 * until its code has arrived (a lazy component inside Suspense is hydrated when it does), and on
 * a client-side navigation shows it as soon as it has. Code that cannot be loaded (offline, a new
 * version of the shop) leaves a short note with the way to join.
 */
const Modal = import.meta.env.SSR
  ? (await import("./private-page-modal")).PrivatePageModal
  : lazy(() => import("./private-page-modal").then((modal) => ({ default: modal.PrivatePageModal })));

export function LazyPrivatePageModal(props: ComponentProps<typeof Modal>) {
  const note = (
    <p className="mt-6 rounded-md border border-mint-200 bg-mint-50 p-4 text-sm" data-testid="private-page-note">
      This is for members.{" "}
      <Link to="/membership" className="font-semibold text-mint-700 underline">
        Join the membership
      </Link>
    </p>
  );
  return (
    <FallbackBoundary fallback={note}>
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    </FallbackBoundary>
  );
}
