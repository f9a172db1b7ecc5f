import { beforeEach, vi } from "vitest";

// An unexpected console.error is a bug (DESIGN.md habits): it fails the test that caused it.
// A test that expects one mocks console.error itself.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
