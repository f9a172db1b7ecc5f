import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { failureOf, formMessage } from "~/components/account-page";
import { revalidateAfterRefusal } from "~/lib/refused-form";

/** How long typing rests before a draft is saved. */
export const AUTOSAVE_DELAY_MS = 1500;

/** What the action answers to intent "autosave" when it saved: the entry's new version. */
interface AutosaveAnswer {
  ok: boolean;
  autosaved?: { version: string; at: string };
}

/**
 * The editors' `shouldRevalidate` (ADR 75): an autosave changes nothing the page shows but the
 * version, which the page keeps itself; reading the page again would remount the form under the
 * typing. Otherwise as after any back-office form (a 409 reads the entry again).
 */
export function editorShouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (args.formData?.get("intent") === "autosave") return false;
  return revalidateAfterRefusal(args);
}

/**
 * Autosave of a draft while typing (with JavaScript only; ADR 75): once typing rests, the form's
 * fields (without a file) go to the page's action as intent "autosave", which saves them as a
 * draft through the same use case at the version read. The answer's version is the one the page's
 * forms carry from then on. A refusal stops the autosave and says why: a 409 (someone else saved)
 * is shown and nothing is overwritten; the editor's own Save then shows it again with what was typed.
 */
export function useAutosave(form: RefObject<HTMLFormElement | null>, options: { enabled: boolean; version: string }) {
  const fetcher = useFetcher<AutosaveAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The version the forms carry: the page's, until an autosave answers a newer one; a page read
  // again (after a Save) starts afresh, autosaving again if a refusal had stopped it.
  const answer = fetcher.data;
  const failure = failureOf(answer);
  const [seen, setSeen] = useState({
    base: options.version,
    answer: undefined as unknown,
    version: options.version,
    stopped: false,
  });
  let current = seen;
  if (seen.base !== options.version) current = { base: options.version, answer, version: options.version, stopped: false };
  else if (answer !== seen.answer && answer)
    current = { ...seen, answer, version: answer.autosaved?.version ?? seen.version, stopped: answer.ok === false };
  if (current !== seen) setSeen(current);
  const { version, stopped } = current;

  // Read when the timer fires: the entry may have been published (or the autosave stopped) since.
  const allowed = useRef(false);
  const enabled = options.enabled && !stopped;
  useEffect(() => {
    allowed.current = enabled;
    if (!enabled) clearTimeout(timer.current);
  }, [enabled]);
  const save = useCallback(() => {
    const element = form.current;
    if (!element || !allowed.current) return;
    const fields = new FormData(element);
    fields.delete("coverFile");
    fields.set("intent", "autosave");
    void fetcher.submit(fields, { method: "post", encType: "multipart/form-data" });
  }, [fetcher, form]);

  const typed = useCallback(() => {
    if (!options.enabled || stopped) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(save, AUTOSAVE_DELAY_MS);
  }, [options.enabled, stopped, save]);

  const status =
    fetcher.state !== "idle"
      ? "Saving the draft…"
      : stopped && failure
        ? `Not saved automatically: ${formMessage(failure, []) ?? "the draft could not be saved."}`
        : answer?.autosaved && answer.autosaved.version === version
          ? `Draft saved at ${answer.autosaved.at.slice(11, 19)} UTC.`
          : null;
  /** The editor's own Save (or another form) goes first: an autosave still waiting is dropped. */
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  // While an autosave is on its way, the editor's own Save waits: sent with the version read
  // before it, Save would be refused as stale by the editor's own draft.
  return { version, typed, cancel, status, refused: stopped, saving: fetcher.state !== "idle" };
}

/** Where the autosave says what it did (a polite live region; a refusal as an alert). */
export function AutosaveStatus({ status, refused }: { status: string | null; refused: boolean }) {
  return (
    <p
      role={refused ? "alert" : "status"}
      aria-live={refused ? undefined : "polite"}
      data-testid="autosave-status"
      className={refused ? "form-error" : "text-sm text-grey-600"}
    >
      {status}
    </p>
  );
}
