import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/support/chromium.ts";

const executablePath = await findChromium();

// The e2e suite runs against the production build, started once on a free port with a fresh
// data folder by tests/support/global-setup.ts.
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/support/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: process.env.SHOP_URL,
    // A failed test keeps its trace here: the actions, console and network (and error-context.md the
    // page as it was). Without the screencast and DOM snapshots: they cost the browser suite a quarter
    // of its CPU time. In CI nobody opens a trace (only the printed output is read), and recording it
    // for every test costs another eighth, so CI records none (ADR 57).
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: false },
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
