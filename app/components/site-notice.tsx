import { useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * The one-time notice a redirect left for this page (logged in, logged out, session ended, bag
 * merged), above the page. It belongs to the page it landed on, not to pages opened from there.
 */
export function SiteNotice() {
  const notice = useRouteLoaderData<typeof rootLoader>("root")?.notice ?? null;
  const { key } = useLocation();
  // A notice arrives with the page data of the page it belongs to (on the first load, or when a
  // form's redirect reloads the shell's data): remember that page, and show it there only.
  // Once the visitor has moved on, it is done: going Back to that page does not show it again.
  const [shown, setShown] = useState({ notice, key, done: false });
  if (shown.notice !== notice) setShown({ notice, key, done: false });
  else if (!shown.done && key !== shown.key) setShown({ ...shown, done: true });
  const current = shown.notice === notice ? shown : { notice, key, done: false };
  if (!notice || current.done || key !== current.key) return null;
  const error = notice.kind === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className="compare-notice"
      data-tone={error ? "error" : "success"}
      data-testid="site-notice"
    >
      <p className="container-page">{notice.message}</p>
    </div>
  );
}
