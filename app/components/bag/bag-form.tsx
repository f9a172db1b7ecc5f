import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { BagActionResult } from "~/lib/bag";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A form that changes the bag. Without JavaScript it posts to /bag and the shopper lands on the
 * bag; with it, it posts through a fetcher with `js=1`, stays on the page and says what happened
 * in a toast (`quiet` keeps success toasts for changes the page itself shows). A refused change
 * puts the form's fields back to what the bag holds.
 */
export function BagForm({
  children,
  className,
  quiet = false,
  onResult,
}: {
  children: (busy: boolean) => ReactNode;
  className?: string;
  quiet?: boolean;
  onResult?: (result: BagActionResult) => void;
}) {
  const fetcher = useFetcher<BagActionResult>();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      toast(result.message, "error");
      form.current?.reset();
    } else if (!quiet) toast(result.message, "success");
    onResult?.(result);
    // Each result is reported once: fetcher.data is a new object per submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  return (
    <fetcher.Form ref={form} method="post" action="/bag" className={className}>
      {hydrated && <input type="hidden" name="js" value="1" />}
      {children(fetcher.state !== "idle")}
    </fetcher.Form>
  );
}
