import { useEffect, useId, useRef, type ReactNode } from "react";
import { hostOf } from "../../server/modules/external-links/shared.ts";

/*
 * The external-site notice's words and choices (SPEC §2): the /leaving page's, and the modal
 * dialog that a link out (components/external-link.tsx) opens with JavaScript.
 */

export const LEAVING_TEXT = {
  title: (siteName: string) => `You are leaving ${siteName}`,
  body: (host: string) => `You are about to visit ${host}, a site we do not run. Its own terms and privacy policy apply there.`,
  continue: (host: string) => `Continue to ${host}`,
  stay: "Stay on the shop",
};

/** The notice as a modal dialog: focus on "Stay on the shop", Escape or Stay closes it, Continue opens the destination. */
export function LeavingDialog({ url, siteName, onClose }: { url: string; siteName: string; onClose: () => void }) {
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
