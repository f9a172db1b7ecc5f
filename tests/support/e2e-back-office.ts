import { expect, test, type Browser, type Page } from "@playwright/test";
import type { E2eOwner } from "./e2e-owner.ts";
import { newVisitor } from "./e2e-visitors.ts";

/* The back office's browser tests: the shop's owner, as the global set-up made it, signing in. */

/** The owner the global set-up made (in the browser tests' process). */
export const owner = JSON.parse(process.env.SHOP_OWNER ?? "null") as E2eOwner;

/** Every owner the global set-up made, `owner` first: three slots of test each (ten codes apiece). */
const owners = JSON.parse(process.env.SHOP_OWNERS ?? "[]") as E2eOwner[];
const SLOTS_PER_OWNER = 3;

/** How many repetitions of one test (`--repeat-each`) the recovery codes are shared out for. */
const REPEATS = 3;

/** The editor the global set-up invited (the newsroom's role): three slots of test, like an owner. */
const editor = JSON.parse(process.env.SHOP_EDITOR ?? "null") as E2eOwner | null;

/**
 * A fresh browser of an owner's, logged in with the password and a recovery code, on `path`. Each
 * code works once: test `slot` takes its own codes, one per repetition. Slots 0 to 2 are the first
 * owner's (owner@example.com), 3 to 5 the second's, 6 to 8 the third's, 9 to 11 the fourth's, 12 to 14 the fifth's.
 */
export async function ownerOn(browser: Browser, path: string, slot: number): Promise<Page> {
  const who = owners[Math.floor(slot / SLOTS_PER_OWNER)];
  if (!who) throw new Error(`No owner for test slot ${slot}: the global set-up makes ${owners.length}`);
  return signedInOn(browser, who, path, slot % SLOTS_PER_OWNER);
}

/** A fresh browser of the editor's (editor@example.com), signed in on `path`; `slot` 0 to 2. */
export async function editorOn(browser: Browser, path: string, slot: number): Promise<Page> {
  if (!editor) throw new Error("No editor: the global set-up invites one");
  if (slot < 0 || slot >= SLOTS_PER_OWNER) throw new Error(`The editor has slots 0 to ${SLOTS_PER_OWNER - 1}`);
  return signedInOn(browser, editor, path, slot);
}

/** Signs `who` in with the password and the recovery code of `slot` for this repetition, on `path`. */
async function signedInOn(browser: Browser, who: E2eOwner, path: string, slot: number): Promise<Page> {
  const context = await newVisitor(browser);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel(/E-mail address or user name/).fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  const repeat = test.info().repeatEachIndex;
  if (repeat >= REPEATS) throw new Error(`The recovery codes last for --repeat-each ${REPEATS} at most`);
  const code = who.recoveryCodes[slot * REPEATS + repeat];
  await page.getByLabel("Code").fill(code!);
  await page.getByRole("button", { name: "Continue" }).click();
  // The code is checked by a navigation of its own: a test that went on before the page arrived
  // would race it (a goto sent before the code counts lands on the code page, then the dashboard).
  const arrival = new URL(path, "http://shop").pathname;
  await page.waitForURL((url) => url.pathname === arrival);
  return page;
}
