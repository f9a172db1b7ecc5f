import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createSuggestions } from "./suggestions.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A load whose answers the test gives, one pending request per text asked. */
function controlledLoad() {
  const pending = new Map<
    string,
    { resolve: (items: string[]) => void; reject: (error: unknown) => void; signal: AbortSignal }
  >();
  const asked: string[] = [];
  const load = (text: string, signal: AbortSignal) =>
    new Promise<string[]>((resolve, reject) => {
      asked.push(text);
      pending.set(text, { resolve, reject, signal });
      signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
  return { load, asked, pending };
}

function setUp() {
  const { load, asked, pending } = controlledLoad();
  const results: [string, string[]][] = [];
  const errors: string[] = [];
  const suggestions = createSuggestions<string>({
    load,
    onResult: (text, items) => results.push([text, items]),
    onError: (text) => errors.push(text),
  });
  return { suggestions, asked, pending, results, errors };
}

test("asks once typing pauses for 150 ms, and only from two characters", async () => {
  const { suggestions, asked, pending, results } = setUp();
  suggestions.input("g");
  expect(results).toEqual([["", []]]);
  suggestions.input("gl");
  vi.advanceTimersByTime(100);
  suggestions.input("glo");
  vi.advanceTimersByTime(149);
  expect(asked).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(asked).toEqual(["glo"]);
  pending.get("glo")!.resolve(["Glove"]);
  await vi.runAllTimersAsync();
  expect(results.at(-1)).toEqual(["glo", ["Glove"]]);
});

test("a newer text aborts the older request, whose late answer is never shown", async () => {
  const { suggestions, asked, pending, results } = setUp();
  suggestions.input("gl");
  vi.advanceTimersByTime(150);
  suggestions.input("glove");
  expect(pending.get("gl")!.signal.aborted).toBe(true);
  vi.advanceTimersByTime(150);
  expect(asked).toEqual(["gl", "glove"]);
  pending.get("glove")!.resolve(["Storm Glove"]);
  pending.get("gl")!.resolve(["Glove bag"]);
  await vi.runAllTimersAsync();
  expect(results).toEqual([["glove", ["Storm Glove"]]]);
});

test("an answer that comes after the text was cut short is not shown", async () => {
  const { suggestions, pending, results } = setUp();
  suggestions.input("glove");
  vi.advanceTimersByTime(150);
  suggestions.input("g");
  pending.get("glove")!.resolve(["Storm Glove"]);
  await vi.runAllTimersAsync();
  expect(results).toEqual([["", []]]);
});

test("the same words again keep the answer; cancel() stops everything", async () => {
  const { suggestions, asked, pending, results } = setUp();
  suggestions.input("grip");
  vi.advanceTimersByTime(150);
  pending.get("grip")!.resolve(["Grip"]);
  await vi.runAllTimersAsync();
  suggestions.input("grip ");
  vi.advanceTimersByTime(150);
  expect(asked).toEqual(["grip"]);
  suggestions.input("grips");
  suggestions.cancel();
  vi.advanceTimersByTime(1000);
  expect(asked).toEqual(["grip"]);
  expect(results).toEqual([["grip", ["Grip"]]]);
});

test("a failed request is reported, and the same text asks again", async () => {
  const { suggestions, asked, pending, errors } = setUp();
  suggestions.input("grip");
  vi.advanceTimersByTime(150);
  pending.get("grip")!.reject(new Error("offline"));
  await vi.runAllTimersAsync();
  expect(errors).toEqual(["grip"]);
  suggestions.input("grip");
  vi.advanceTimersByTime(150);
  expect(asked).toEqual(["grip", "grip"]);
});
