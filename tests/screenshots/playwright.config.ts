import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../support/chromium.ts";

const executablePath = await findChromium();

// `npm run screenshots`: the key pages at a phone's and a desktop's width, for a designer's review.
// The same shop as the e2e suite (its global set-up: production build, demo data, mail peer).
export default defineConfig({
  testDir: ".",
  testMatch: "*.shots.ts",
  globalSetup: "../support/global-setup.ts",
  timeout: 300_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: process.env.SHOP_URL,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
