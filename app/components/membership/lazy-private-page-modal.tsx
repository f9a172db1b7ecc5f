import { lazy, Suspense, type ComponentProps } from "react";

/*
 * The private-page modal, whose code a browser loads only on a page that shows it (a members-only
 * page or exclusive seen by someone who is not a member), so no other page's first visit carries
 * it. The server renders it at once; in the browser React keeps the server's HTML of it until its
 * code has arrived (a lazy component inside Suspense is hydrated when it does), and on a
 * client-side navigation shows it as soon as it has.
 */
const loadModal = () => import("./private-page-modal");
const Modal = import.meta.env.SSR
  ? (await loadModal()).PrivatePageModal
  : lazy(() => loadModal().then((modal) => ({ default: modal.PrivatePageModal })));

export function LazyPrivatePageModal(props: ComponentProps<typeof Modal>) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
