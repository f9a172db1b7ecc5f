import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/*
 * axe-core's automated WCAG 2.1 A and AA checks, and a few of its best practices, on a page as a
 * shopper sees it. Automated checks find about a third of accessibility problems; the keyboard and
 * screen-reader behaviour of each control is tested beside it.
 */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe's best practices that the shop keeps too, beyond WCAG's tags. heading-order: headings that
 * skip a level (an h3 under an h1) leave a screen reader's outline with a gap (Lighthouse counts
 * it too).
 */
const BEST_PRACTICES = ["heading-order"];

export async function expectNoViolations(page: Page) {
  const rules = Object.fromEntries(BEST_PRACTICES.map((rule) => [rule, { enabled: true }]));
  // An enabled rule runs whatever its tags (options first: withTags adds to them).
  const { violations } = await new AxeBuilder({ page }).options({ rules }).withTags(WCAG).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
  expect(found, `${page.url()}`).toEqual([]);
}
