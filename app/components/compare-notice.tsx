import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { CompareActionResult } from "../../server/modules/compare/shared.ts";
import { isErrorNotice, noticeMessage } from "../../server/modules/compare/shared.ts";
import { toast } from "~/lib/toast";
import type { loader as rootLoader } from "~/root";
import { COMPARE_ACTION, connectCompareSender, takeWaitingCompareForm, useWaitingCompareForms } from "./compare-form";
import { Link } from "./ui/link";

/**
 * Sends compare forms and tells the shopper what they did. With JavaScript: forms wait in
 * compare-form.tsx's queue and go one at a time through this fetcher, and each answer is a toast. Without: the one-time notice the
 * server left in a cookie for the page the form returned to (the root loader reads and clears it).
 * Lives in the layout, so it outlasts the form that was sent.
 */
export function CompareNotice() {
  const { data, submit } = useFetcher<CompareActionResult>();
  const waiting = useWaitingCompareForms();

  useEffect(connectCompareSender, []);

  useEffect(() => {
    if (data) toast(data.message, data.ok ? "success" : "error");
  }, [data]);

  // One form at a time: submit() resolves once the answer and the pages' new data are in.
  const sending = useRef(false);
  useEffect(() => {
    if (waiting === 0 || sending.current) return;
    sending.current = true;
    void (async () => {
      try {
        for (let next = takeWaitingCompareForm(); next; next = takeWaitingCompareForm()) {
          await submit(next, { method: "post", action: COMPARE_ACTION });
        }
      } finally {
        sending.current = false;
      }
    })();
  }, [waiting, submit]);

  const notice = useRouteLoaderData<typeof rootLoader>("root")?.compareNotice ?? null;
  const { key } = useLocation();
  // The notice belongs to the page the form returned to, not to pages opened from it in the browser.
  const [noticeKey] = useState(key);
  if (!notice || key !== noticeKey) return null;
  const error = isErrorNotice(notice);
  return (
    <div role={error ? "alert" : "status"} className="compare-notice" data-tone={error ? "error" : "success"}>
      <p className="container-page">
        {noticeMessage(notice)} {notice.kind !== "cleared" && <Link to="/compare-products">View comparison</Link>}
      </p>
    </div>
  );
}
