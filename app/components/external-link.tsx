import { useEffect, useId, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { leavingPath } from "../../server/modules/external-links/leaving-path.ts";

/*
 * The external-site notice (SPEC §2). A link that leaves the shop points at /leaving?to=<address>,
 * a page of the shop that names the destination and offers to continue or stay, so it works
 * without JavaScript. With JavaScript, a click opens the same notice as a modal dialog instead,
 * and "Continue" opens the destination in a new tab.
 */

/** The notice's address for `url` (unsigned: the notice forwards it when its host is one it allows). */
export { leavingPath };

/** The host a visitor is sent to, as the notice names it. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export const LEAVING_TEXT = {
  title: (siteName: string) => `You are leaving ${siteName}`,
  body: (host: string) => `You are about to visit ${host}, a site we do not run. Its own terms and privacy policy apply there.`,
  continue: (host: string) => `Continue to ${host}`,
  stay: "Stay on the shop",
};

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "target" | "rel"> {
  /** The destination: an absolute address on a host the notice allows (server/modules/external-links). */
  href: string;
  children: ReactNode;
}

/** A link out of the shop, through the external-site notice. */
export function ExternalLink({ href, children, onClick, ...rest }: ExternalLinkProps) {
  const siteName = useRouteLoaderData<typeof rootLoader>("root")?.site.siteName ?? "the shop";
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Modified clicks (a new tab, a new window) are the browser's: they open the notice's page.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      {/* data-reload: the document's link handler leaves it to this one (or to the browser). */}
      <a ref={trigger} href={leavingPath(href)} data-reload="" onClick={handleClick} {...rest}>
        {children}
      </a>
      {open &&
        createPortal(
          <LeavingDialog
            url={href}
            siteName={siteName}
            onClose={() => {
              setOpen(false);
              trigger.current?.focus();
            }}
          />,
          document.body,
        )}
    </>
  );
}

/** The notice as a modal dialog: focus on "Stay on the shop", Escape or Stay closes it, Continue opens the destination. */
function LeavingDialog({ url, siteName, onClose }: { url: string; siteName: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const stay = useRef<HTMLButtonElement>(null);
  const id = useId();
  const host = hostOf(url);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Taking the dialog out of the page (onClose unmounts it) ends its modality too.
    if (!element.open) element.showModal();
    stay.current?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl border border-grey-200 bg-white p-6 text-grey-900 shadow-xl backdrop:bg-grey-900/55"
      data-testid="leaving-dialog"
      onClose={onClose}
    >
      <LeavingNotice
        titleId={`${id}-title`}
        bodyId={`${id}-body`}
        siteName={siteName}
        host={host}
        heading="h2"
        continueLink={
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="button-primary"
            onClick={() => dialog.current?.close()}
          >
            {LEAVING_TEXT.continue(host)}
          </a>
        }
        stayControl={
          <button ref={stay} type="button" className="button-secondary" onClick={() => dialog.current?.close()}>
            {LEAVING_TEXT.stay}
          </button>
        }
      />
    </dialog>
  );
}

/** The notice's words and its two choices: the dialog's and the /leaving page's. */
export function LeavingNotice(props: {
  titleId: string;
  bodyId?: string;
  siteName: string;
  host: string;
  heading: "h1" | "h2";
  continueLink: ReactNode;
  stayControl: ReactNode;
}) {
  const Heading = props.heading;
  return (
    <>
      <Heading id={props.titleId} className="text-2xl font-bold tracking-tight">
        {LEAVING_TEXT.title(props.siteName)}
      </Heading>
      <p id={props.bodyId} className="mt-3 text-grey-700">
        {LEAVING_TEXT.body(props.host)}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {props.continueLink}
        {props.stayControl}
      </div>
    </>
  );
}
