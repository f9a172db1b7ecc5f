/**
 * Suggestions for a text being typed: waits until typing pauses (delayMs), asks only from
 * minLength characters, aborts the request for a text that is no longer there, and reports
 * only the answer for the latest text, so a slow answer for "gl" never replaces the one for
 * "glove". Framework-free, so the search box's timing is unit tested.
 */
export interface Suggestions {
  /** The shopper's text now. */
  input(text: string): void;
  /** Stops any wait or request (the box closed, the page went away). */
  cancel(): void;
}

export interface SuggestionsOptions<T> {
  load: (text: string, signal: AbortSignal) => Promise<T[]>;
  /** The answer for `text`; an empty text (too short) means there is nothing to show. */
  onResult: (text: string, items: T[]) => void;
  /** A request that failed (not one that was aborted). */
  onError?: (text: string, error: unknown) => void;
  delayMs?: number;
  minLength?: number;
}

export function createSuggestions<T>({
  load,
  onResult,
  onError,
  delayMs = 150,
  minLength = 2,
}: SuggestionsOptions<T>): Suggestions {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let request: AbortController | undefined;
  let latest = "";

  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    request?.abort();
    request = undefined;
  };

  const ask = async (text: string) => {
    const controller = new AbortController();
    request = controller;
    try {
      const items = await load(text, controller.signal);
      if (controller === request && text === latest) onResult(text, items);
    } catch (error) {
      if (controller === request && !controller.signal.aborted) {
        // The same text typed again asks again.
        latest = "";
        onError?.(text, error);
      }
    } finally {
      if (controller === request) request = undefined;
    }
  };

  return {
    input(raw: string) {
      const text = raw.trim();
      // A change that keeps the words (a space typed at the end) keeps the wait, request or answer.
      if (text === latest) return;
      latest = text;
      stop();
      if (text.length < minLength) {
        onResult("", []);
        return;
      }
      timer = setTimeout(() => {
        timer = undefined;
        void ask(text);
      }, delayMs);
    },
    cancel() {
      latest = "";
      stop();
    },
  };
}
