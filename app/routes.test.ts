import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, expect, test, vi } from "vitest";

async function routePaths(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { default: routes } = (await import("./routes.ts")) as { default: RouteConfigEntry[] };
  return routes.map((r) => r.path);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

test("the outbox pages exist in development only; a production build does not have them", async () => {
  const development = await routePaths("development");
  expect(development).toContain("dev/outbox");
  expect(development).toContain("dev/outbox/:id");
  // The catch-all stays last, after them.
  expect(development.at(-1)).toBe("*");
  const production = await routePaths("production");
  expect(production).not.toContain("dev/outbox");
  expect(production).not.toContain("dev/outbox/:id");
});
