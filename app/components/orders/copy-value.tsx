import { useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A value to type into a banking app (an IBAN, a payment reference), selectable as one piece; where
 * JavaScript runs and the clipboard may be written, a button beside it copies it. Without either,
 * the text is there to select and copy by hand.
 */
export function CopyValue({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const canCopy = hydrated && typeof navigator !== "undefined" && navigator.clipboard !== undefined;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-semibold break-all select-all" data-testid={testId}>
        {value}
      </span>
      {canCopy && (
        <button type="button" className="copy-button" onClick={() => void copy()}>
          {copied === "yes" ? "Copied" : `Copy ${label}`}
          {copied === "yes" && <span className="sr-only"> {label}</span>}
        </button>
      )}
      {/* Said once it happens, for screen readers; the button's word says it too. */}
      <span role="status" className="sr-only">
        {copied === "yes"
          ? `${label} copied`
          : copied === "failed"
            ? `The ${label} could not be copied: select it and copy it`
            : ""}
      </span>
    </span>
  );
}
