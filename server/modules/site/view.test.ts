import { expect, test } from "vitest";
import { DEFAULT_CONTACT, DEFAULT_FOOTER, DEFAULT_NAVIGATION, DEFAULT_SOCIAL, DEFAULT_TRUST } from "./defaults.ts";
import { leadsToFeatureOff, menuEntries, siteView } from "./view.ts";
import type { SiteData } from "./words.ts";

/*
 * A feature switched off answers 404 on its pages: no link of the menu, the footer or the trust
 * bar leads there while it is off, and they come back when it is on again.
 */

const data = (flags: SiteData["flags"]): SiteData => ({
  navigation: DEFAULT_NAVIGATION,
  footer: DEFAULT_FOOTER,
  contact: DEFAULT_CONTACT,
  trust: DEFAULT_TRUST,
  social: DEFAULT_SOCIAL,
  launch: { at: null, headline: null, text: null } as SiteData["launch"],
  flags,
});
const hrefs = (view: ReturnType<typeof siteView>) => [
  ...view.footer.columns.flatMap((column) => column.links.map((link) => link.href)),
  ...view.trust.items.map((item) => item.href),
];

test("the news and the membership leave the menu, the footer and the trust bar while their flags are off", () => {
  const on = siteView(data({}));
  expect(hrefs(on)).toEqual(expect.arrayContaining(["/news-and-media", "/membership", "/membership-world"]));
  expect(menuEntries(DEFAULT_NAVIGATION, [], undefined, {}).map((entry) => entry.label)).toEqual(["Sale", "News", "Membership"]);

  const off = data({ news: false, membership: false });
  const view = siteView(off);
  expect(hrefs(view).filter((href) => href && /^\/(news-and-media|membership)/.test(href))).toEqual([]);
  // The membership column had nothing else of a shop page left but the sign-up: it stays with it.
  expect(view.footer.columns.map((column) => column.title)).toEqual(["Help", "Company", "Membership", "Policies"]);
  expect(view.footer.columns[2]!.links.map((link) => link.href)).toEqual(["/sign-up"]);
  expect(menuEntries(DEFAULT_NAVIGATION, [], undefined, off.flags).map((entry) => entry.label)).toEqual(["Sale"]);
});

test("a link is off only under a switched-off feature's own paths", () => {
  expect(leadsToFeatureOff("/news-and-media/news/post/a?x=1", { news: false })).toBe(true);
  expect(leadsToFeatureOff("/news-and-media", { news: true })).toBe(false);
  expect(leadsToFeatureOff("/membershipping", { membership: false })).toBe(false);
  expect(leadsToFeatureOff("/compare-products#top", { compare: false })).toBe(true);
  expect(leadsToFeatureOff("https://example.com/membership", { membership: false })).toBe(false);
});
