import { useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { hostOf, leavingPath } from "../../server/modules/external-links/shared.ts";

/*
 * The external-site notice (SPEC §2). A link that leaves the shop points at /leaving?to=<address>,
 * a page of the shop that names the destination and offers to continue or stay, so it works
 * without JavaScript. With JavaScript, a click opens the same notice as a modal dialog instead,
 * and "Continue" opens the destination in a new tab.
 */

/** The notice's address for `url` (unsigned: the notice forwards it when its host is one it allows), and the host it names. */
export { hostOf, leavingPath };

// The dialog is loaded when a visitor is about to use a link out (pointer over it, focus on it),
// so a first visit loads none of it.
const loadDialog = () => import("./leaving-notice");
type LeavingDialog = Awaited<ReturnType<typeof loadDialog>>["LeavingDialog"];

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "target" | "rel"> {
  /** The destination: an absolute address on a host the notice allows (server/modules/external-links). */
  href: string;
  /** The server's signature of `href`, for an address the notice forwards only when the shop wrote it (the site's data, ADR 76). */
  sig?: string | null;
  children: ReactNode;
}

/** A link out of the shop, through the external-site notice. */
export function ExternalLink({ href, sig, children, onClick, onPointerEnter, onFocus, ...rest }: ExternalLinkProps) {
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.site.siteName ?? "the shop";
  // The dialog's component once its code has loaded; null: closed.
  const [Dialog, setDialog] = useState<LeavingDialog | null>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Modified clicks (a new tab, a new window) are the browser's: they open the notice's page.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const noticePage = event.currentTarget.href;
    loadDialog().then(
      (notice) => setDialog(() => notice.LeavingDialog),
      // Its code could not be loaded (offline, a new version of the shop): the notice's page instead.
      () => window.location.assign(noticePage),
    );
  };
  return (
    <>
      {/* data-reload: the document's link handler leaves it to this one (or to the browser). */}
      <a
        ref={trigger}
        href={leavingPath(href, sig ?? undefined)}
        data-reload=""
        onClick={handleClick}
        onPointerEnter={(event) => {
          onPointerEnter?.(event);
          preloadDialog();
        }}
        onFocus={(event) => {
          onFocus?.(event);
          preloadDialog();
        }}
        {...rest}
      >
        {children}
      </a>
      {Dialog &&
        createPortal(
          <Dialog
            url={href}
            siteName={siteName}
            onClose={() => {
              setDialog(null);
              trigger.current?.focus();
            }}
          />,
          document.body,
        )}
    </>
  );
}

/** Starts loading the dialog's code; a failure is handled when the link is followed. */
function preloadDialog() {
  loadDialog().catch(() => undefined);
}
