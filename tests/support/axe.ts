import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/*
 * axe-core's automated WCAG 2.1 A and AA checks on a page as a shopper sees it. Automated checks
 * find about a third of accessibility problems; the keyboard and screen-reader behaviour of each
 * control is tested beside it.
 */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export async function expectNoViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
  expect(found, `${page.url()}`).toEqual([]);
}
