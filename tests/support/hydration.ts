import { expect, type Locator } from "@playwright/test";

/**
 * Resolves once React has hydrated the element: until then a click may reach the plain HTML (a
 * form posts, a link loads a page) and anything a test adds to the page may be thrown away.
 */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
  // React marks elements while it hydrates, before the page's effects have run (the document's
  // link listener, the compare sender). The header's search field becomes a combobox in the
  // render those effects trigger (useHydrated), so once it is one, they have all run. Checkout's
  // header has no search: it marks itself in that render instead (ADR 79).
  await expect(locator.page().locator('#site-search[role="combobox"], header[data-hydrated]')).toHaveCount(1);
}
