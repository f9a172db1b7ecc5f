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
  const [shown, setShown] = useState({ notice, key });
  if (shown.notice !== notice) setShown({ notice, key });
  const noticeKey = shown.notice === notice ? shown.key : key;
  if (!notice || key !== noticeKey) return null;
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
