import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MAX_LINE_QUANTITY } from "../../server/modules/cart/limits.ts";

interface Variant {
  id: number;
  sku: string;
  size: string;
  colour: string;
  stock: number;
  price: number;
  compareAtPrice: number | null;
}
interface Product {
  id: number;
  slug: string;
  name: string;
  brand: { name: string };
  category: { slug: string; name: string };
  subCategory: { slug: string; name: string } | null;
  images: { path: string; alt: string; colour: string | null }[];
  variants: Variant[];
}

const productCache = new Map<string, Product[]>();

/** The first product of a category (from the shop API) that `wanted` accepts. */
async function findProduct(request: APIRequestContext, category: string, wanted: (p: Product) => boolean): Promise<Product> {
  let products = productCache.get(category);
  if (!products) {
    const listing = (await (await request.get(`/ecommerce/products?category=${category}&page_size=100`)).json()) as {
      data: { slug: string }[];
    };
    products = [];
    for (const { slug } of listing.data) {
      products.push(((await (await request.get(`/ecommerce/products/${slug}`)).json()) as { data: Product }).data);
    }
    productCache.set(category, products);
  }
  const found = products.find(wanted);
  if (!found) throw new Error(`The demo shop has no such product in ${category}`);
  return found;
}

const pathOf = (product: Product) => `/shop/${product.category.slug}/${product.slug}`;
const colours = (product: Product) => [...new Set(product.variants.map((v) => v.colour))];
const euros = (minor: number) => `€${(minor / 100).toFixed(2)}`;
const stockText = (stock: number) => (stock <= 0 ? "Out of stock" : stock <= 5 ? `Only ${stock} left` : "In stock");
const bagCount = (page: Page) => page.getByTestId("bag-count");
/** The strip's position, read from the element itself: which slide its scroll shows. */
const slideInView = (page: Page) =>
  page.locator(".gallery-track").evaluate((el) => Math.round(el.scrollLeft / el.clientWidth) + 1);

test("a product opens from its listing with breadcrumbs, title, brand, price and description", async ({ page }) => {
  // Hydration mismatches and failed requests show up as console errors.
  const errors: string[] = [];
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto("/shop/gloves");
  const card = page.getByTestId("product-card").first();
  const name = (await card.locator(".product-card-name").textContent())!;
  await card.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/gloves\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  const slug = new URL(page.url()).pathname.split("/").pop()!;
  const product = ((await (await page.request.get(`/ecommerce/products/${slug}`)).json()) as { data: Product }).data;
  await expect(page).toHaveTitle(`${product.name} by ${product.brand.name} | Safe Hands`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link")).toHaveText([
    "Home",
    "Shop",
    "Gloves",
    ...(product.subCategory ? [product.subCategory.name] : []),
  ]);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(product.name);
  await expect(page.getByRole("main").getByRole("link", { name: product.brand.name, exact: true })).toHaveAttribute(
    "href",
    /^\/brands\/[a-z0-9-]+$/,
  );
  const first = product.variants.find((v) => v.stock > 0) ?? product.variants[0]!;
  await expect(page.locator(".product-price .price-sale, .product-price .price:not(:has(span))")).toHaveText(euros(first.price));
  await expect(page.getByRole("status").filter({ hasText: /stock|left/ })).toHaveText(stockText(first.stock));
  await expect(page.locator(".product-description p")).not.toBeEmpty();

  // Opened directly (server-rendered, then hydrated), the page is the same and quiet.
  await page.reload();
  await expect(page.getByRole("group", { name: "Size" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the gallery moves with its buttons, the arrow keys and the thumbnails, and loads images through the image endpoint", async ({
  page,
}) => {
  const product = await findProduct(page.request, "gloves", (p) => p.images.length === 3);
  await page.goto(pathOf(product));
  const gallery = page.getByRole("region", { name: `Images of ${product.name}` });
  const position = gallery.locator(".gallery-position");
  const previous = gallery.getByRole("button", { name: "Previous image" });
  const next = gallery.getByRole("button", { name: "Next image" });
  const thumbs = gallery.getByRole("list", { name: "All images" }).getByRole("link");

  const images = gallery.locator(".gallery-slide img");
  await expect(images).toHaveCount(3);
  await expect(images.first()).toHaveAttribute("src", /^\/images\/product\/\d+\?src=%2Fmedia%2F/);
  await expect(images.first()).toHaveAttribute("srcset", /1200w$/);
  await expect(images.first()).toHaveAttribute("loading", "eager");
  await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
  await expect(images.first()).toHaveAttribute("alt", product.images[0]!.alt);

  await expect(position).toHaveText("Image 1 / 3");
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(position).toHaveText("Image 2 / 3");
  await expect.poll(() => slideInView(page)).toBe(2);
  await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
  await next.click();
  await expect(next).toBeDisabled();
  await expect.poll(() => slideInView(page)).toBe(3);
  await previous.click();
  await expect.poll(() => slideInView(page)).toBe(2);

  await gallery.locator(".gallery-track").focus();
  await page.keyboard.press("Home");
  await expect.poll(() => slideInView(page)).toBe(1);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => slideInView(page)).toBe(2);
  await page.keyboard.press("End");
  await expect.poll(() => slideInView(page)).toBe(3);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => slideInView(page)).toBe(2);
  await expect(position).toHaveText("Image 2 / 3");

  const scrollY = await page.evaluate(() => window.scrollY);
  await thumbs.first().click();
  await expect.poll(() => slideInView(page)).toBe(1);
  await expect(thumbs.first()).toHaveAttribute("aria-current", "true");
  // The thumbnail moved the strip, not the page.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);

  const image = await page.request.get(new URL((await images.first().getAttribute("src"))!, page.url()).href);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
});

test("the gallery follows the chosen colour, from the address and on a new choice", async ({ page }) => {
  const product = await findProduct(page.request, "gloves", (p) => {
    const pictured = new Set(p.images.map((image) => image.colour));
    return colours(p).length >= 2 && colours(p).every((colour) => pictured.has(colour));
  });
  const [first, second] = colours(product) as [string, string];
  const ofColour = (colour: string) => product.images.filter((image) => image.colour === colour);
  const variantOf = (colour: string) =>
    product.variants.find((v) => v.colour === colour && v.stock > 0) ?? product.variants.find((v) => v.colour === colour)!;
  const mainImages = page.getByRole("region", { name: `Images of ${product.name}` }).locator(".gallery-slide img");

  // Server-rendered for the address's choice: the second colour's pictures only.
  const html = await (await page.request.get(`${pathOf(product)}?variant=${variantOf(second).id}`)).text();
  expect(html).toContain(`alt="${ofColour(second)[0]!.alt}"`);
  expect(html).not.toContain(`alt="${ofColour(first)[0]!.alt}"`);

  await page.goto(`${pathOf(product)}?variant=${variantOf(first).id}`);
  await expect(mainImages).toHaveCount(ofColour(first).length);
  await expect(mainImages.first()).toHaveAttribute("alt", ofColour(first)[0]!.alt);
  const before = await mainImages.first().getAttribute("src");

  // The radios are the labels' own (styled as swatches): a shopper clicks the swatch.
  const colourGroup = page.getByRole("group", { name: /^Colour/ });
  await colourGroup
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: new RegExp(`^${second}`) }) })
    .click();
  await expect(colourGroup).toHaveAccessibleName(`Colour: ${second}`);
  await expect(mainImages.first()).toHaveAttribute("alt", ofColour(second)[0]!.alt);
  await expect(mainImages.first()).toHaveAttribute("alt", new RegExp(` in ${second}`));
  await expect(mainImages).toHaveCount(ofColour(second).length);
  expect(await mainImages.first().getAttribute("src")).not.toBe(before);
  expect(decodeURIComponent((await mainImages.first().getAttribute("src"))!)).toContain(ofColour(second)[0]!.path);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test("a swipe moves the gallery to the next image", async ({ page }) => {
    // One colour: the gallery shows all of its images.
    const product = await findProduct(page.request, "gloves", (p) => p.images.length >= 2 && colours(p).length === 1);
    await page.goto(pathOf(product));
    const track = page.locator(".gallery-track");
    const box = (await track.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    // A finger moving right to left across the image, as the touch screen reports it.
    const y = Math.round(box.y + box.height / 2);
    const from = Math.round(box.x + box.width * 0.8);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 10; step++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from - step * box.width * 0.06, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => slideInView(page)).toBe(2);
    await expect(page.locator(".gallery-position")).toHaveText(`Image 2 / ${product.images.length}`);
  });
});

test("the option select marks sold-out sizes (they can be chosen, to ask for a mail); price, stock message and address follow the choice", async ({
  page,
}) => {
  // A colour with a sold-out size and at least one size with few left and one with many.
  const product = await findProduct(page.request, "gloves", (p) =>
    colours(p).some((colour) => {
      const ofColour = p.variants.filter((v) => v.colour === colour);
      return (
        ofColour.some((v) => v.stock === 0) &&
        ofColour.some((v) => v.stock > 5) &&
        ofColour.some((v) => v.stock > 0 && v.stock <= 5)
      );
    }),
  );
  const colour = colours(product).find((c) => {
    const ofColour = product.variants.filter((v) => v.colour === c);
    return (
      ofColour.some((v) => v.stock === 0) &&
      ofColour.some((v) => v.stock > 5) &&
      ofColour.some((v) => v.stock > 0 && v.stock <= 5)
    );
  })!;
  const ofColour = product.variants.filter((v) => v.colour === colour);
  const plenty = ofColour.find((v) => v.stock > 5)!;
  const few = ofColour.find((v) => v.stock > 0 && v.stock <= 5)!;
  const soldOut = ofColour.find((v) => v.stock === 0)!;

  await page.goto(`${pathOf(product)}?variant=${plenty.id}`);
  const sizes = page.getByRole("group", { name: "Size" });
  await expect(page.getByRole("group", { name: /^Colour/ }).getByRole("radio", { name: colour, exact: true })).toBeChecked();
  await expect(sizes.getByRole("radio", { name: plenty.size, exact: true })).toBeChecked();
  const stock = page.getByRole("status").filter({ hasText: /stock|left/ });
  await expect(stock).toHaveText("In stock");

  // The sold-out size says so, and can be chosen: the page offers to mail when it is back (ADR 47).
  const soldOutSize = sizes.getByRole("radio", { name: `${soldOut.size}, sold out in ${colour}` });
  await expect(soldOutSize).toBeEnabled();
  await sizes
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: `${soldOut.size}, sold out in ${colour}` }) })
    .click();
  await expect(soldOutSize).toBeChecked();
  await expect(stock).toHaveText("Out of stock");
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expect(page.getByTestId("back-in-stock").getByRole("button", { name: "Email me when it's back" })).toBeVisible();

  await sizes.getByText(few.size, { exact: true }).click();
  await expect(sizes.getByRole("radio", { name: few.size, exact: true })).toBeChecked();
  await expect(stock).toHaveText(`Only ${few.stock} left`);
  await expect(page).toHaveURL(new RegExp(`[?&]variant=${few.id}$`));
  await expect(page.locator(".product-price .price-sale, .product-price .price:not(:has(span))")).toHaveText(euros(few.price));

  // The choice is in the address, so a reload (or a shared link) opens on it.
  await page.reload();
  await expect(page.getByRole("group", { name: "Size" }).getByRole("radio", { name: few.size, exact: true })).toBeChecked();
  await expect(stock).toHaveText(`Only ${few.stock} left`);

  // By keyboard: arrow keys move within the size group, skipping sizes not made in the colour.
  await page.getByRole("group", { name: "Size" }).getByRole("radio", { name: few.size, exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  const checked = page.getByRole("group", { name: "Size" }).getByRole("radio", { checked: true });
  await expect(checked).toBeFocused();
  await expect(checked).toBeEnabled();
});

test("choosing a colour that has the chosen size sold out moves to a size it has", async ({ page }) => {
  // Colour A's size S is in stock, colour B's size S is sold out but B has another size in stock.
  let pair: { from: Variant; colour: string } | undefined;
  const product = await findProduct(page.request, "gloves", (p) => {
    for (const from of p.variants.filter((v) => v.stock > 0)) {
      for (const colour of colours(p)) {
        const same = p.variants.find((v) => v.colour === colour && v.size === from.size);
        if (same && same.stock === 0 && p.variants.some((v) => v.colour === colour && v.stock > 0)) {
          pair = { from, colour };
          return true;
        }
      }
    }
    return false;
  });
  const { from, colour } = pair!;
  await page.goto(`${pathOf(product)}?variant=${from.id}`);
  const colourGroup = page.getByRole("group", { name: /^Colour/ });
  const option = colourGroup.getByRole("radio", { name: `${colour}, sold out in size ${from.size}` });
  await expect(option).toBeEnabled();
  await colourGroup
    .locator("label")
    .filter({ has: page.getByRole("radio", { name: `${colour}, sold out in size ${from.size}` }) })
    .click();
  // Now in a size it has, the colour no longer needs the note.
  await expect(colourGroup.getByRole("radio", { name: colour, exact: true })).toBeChecked();
  await expect(colourGroup).toHaveAccessibleName(`Colour: ${colour}`);
  const size = page.getByRole("group", { name: "Size" }).getByRole("radio", { checked: true });
  const chosenSize = (await size.getAttribute("value"))!;
  expect(chosenSize).not.toBe(from.size);
  expect(product.variants.find((v) => v.colour === colour && v.size === chosenSize)!.stock).toBeGreaterThan(0);
});

test("the quantity stays between 1 and the stock, as the bag's does", async ({ page }) => {
  const product = await findProduct(
    page.request,
    "gloves",
    (p) => p.variants.some((v) => v.stock > 0 && v.stock <= 5) && p.variants.some((v) => v.stock > 10),
  );
  const few = product.variants.find((v) => v.stock > 0 && v.stock <= 5)!;
  const many = product.variants.find((v) => v.stock > 10)!;
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  const more = page.getByRole("button", { name: "One more" });
  const fewer = page.getByRole("button", { name: "One fewer" });

  await page.goto(`${pathOf(product)}?variant=${few.id}`);
  await expect(quantity).toHaveAttribute("max", String(few.stock));
  await expect(fewer).toBeDisabled();
  for (let i = 1; i < few.stock; i++) await more.click();
  await expect(quantity).toHaveValue(String(few.stock));
  await expect(more).toBeDisabled();
  await fewer.click();
  await expect(quantity).toHaveValue(String(few.stock - 1));

  await page.goto(`${pathOf(product)}?variant=${many.id}`);
  await expect(quantity).toHaveAttribute("max", String(MAX_LINE_QUANTITY));
  await quantity.fill(String(MAX_LINE_QUANTITY + 1));
  await page.getByRole("button", { name: "Add to bag" }).click();
  // The browser refuses the form: nothing was added.
  expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
  expect(await quantity.evaluate((input: HTMLInputElement) => input.form!.checkValidity())).toBe(false);
  await expect(bagCount(page)).toHaveCount(0);
});

test("add to bag with JavaScript: a toast, the header's count goes up, and the shopper stays", async ({ page }) => {
  const product = await findProduct(page.request, "gloves", (p) => p.variants.some((v) => v.stock >= 3));
  const variant = product.variants.find((v) => v.stock >= 3)!;
  await page.goto(`${pathOf(product)}?variant=${variant.id}`);
  await expect(bagCount(page)).toHaveCount(0);
  await page.getByRole("button", { name: "One more" }).click();
  await page.getByRole("button", { name: "Add to bag" }).click();
  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("listitem");
  await expect(toast).toContainText(`Added ${product.name}`);
  await expect(toast).toHaveAttribute("data-toast", "success");
  await expect(bagCount(page)).toHaveText("2");
  await expect(page).toHaveURL(new RegExp(`${pathOf(product)}\\?variant=${variant.id}$`));
  await expect(page.getByRole("button", { name: "Add to bag" })).toBeEnabled();

  await page.getByRole("button", { name: "Add to bag" }).click();
  // The quantity field kept its 2.
  await expect(bagCount(page)).toHaveText("4");
  await page.goto("/bag");
  await expect(page.getByTestId("bag-line")).toHaveCount(1);
  await expect(page.getByTestId("bag-line").getByRole("heading")).toHaveText(product.name);
});

test("a sold-out choice cannot be added", async ({ page }) => {
  const product = await findProduct(page.request, "gloves", (p) => p.variants.some((v) => v.stock === 0));
  const soldOut = product.variants.find((v) => v.stock === 0)!;
  await page.goto(`${pathOf(product)}?variant=${soldOut.id}`);
  await expect(page.getByRole("status").filter({ hasText: /stock|left/ })).toHaveText("Out of stock");
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an address naming a sold-out option still lets the shopper add one that is in stock", async ({ page }) => {
    const product = await findProduct(
      page.request,
      "gloves",
      (p) => p.variants.some((v) => v.stock === 0) && p.variants.some((v) => v.stock > 0),
    );
    const soldOut = product.variants.find((v) => v.stock === 0)!;
    await page.goto(`${pathOf(product)}?variant=${soldOut.id}`);
    const select = page.getByRole("combobox", { name: "Size and colour" });
    await expect(select).toHaveValue(String(product.variants.find((v) => v.stock > 0)!.id));
    await page.getByRole("button", { name: "Add to bag" }).click();
    await expect(page).toHaveURL(/\/bag$/);
    await expect(page.getByTestId("bag-line")).toHaveCount(1);
  });

  test("a select offers every variant, sold-out ones disabled, and adding lands on the bag with the line", async ({ page }) => {
    const product = await findProduct(
      page.request,
      "gloves",
      (p) => p.variants.some((v) => v.stock === 0) && p.variants.filter((v) => v.stock > 0).length >= 2,
    );
    await page.goto(pathOf(product));
    const select = page.getByRole("combobox", { name: "Size and colour" });
    const options = select.locator("option");
    await expect(options).toHaveCount(product.variants.length);
    await expect(options.first()).toHaveText(new RegExp(`^${product.variants[0]!.size} · ${product.variants[0]!.colour}`));
    await expect(select.locator("option[disabled]")).toHaveCount(product.variants.filter((v) => v.stock === 0).length);
    // The first in stock is chosen to begin with.
    await expect(select).toHaveValue(String(product.variants.find((v) => v.stock > 0)!.id));
    // No JavaScript, no picker of swatches and buttons.
    await expect(page.getByRole("radio")).toHaveCount(0);

    const second = product.variants.filter((v) => v.stock > 0)[1]!;
    await select.selectOption(String(second.id));
    await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
    await page.getByRole("button", { name: "Add to bag" }).click();
    await expect(page).toHaveURL(/\/bag$/);
    const line = page.getByTestId("bag-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByRole("heading")).toHaveText(product.name);
    await expect(line.locator('select[name="variantId"]')).toHaveValue(String(second.id));
    await expect(page.getByRole("main").getByRole("status")).toContainText(`Added ${product.name}`);
  });

  test("every image is reachable: the thumbnails are links to them", async ({ page }) => {
    const product = await findProduct(page.request, "gloves", (p) => p.images.length === 3);
    await page.goto(pathOf(product));
    await expect(page.getByRole("button", { name: "Next image" })).toHaveCount(0);
    const thumbs = page.getByRole("list", { name: "All images" }).getByRole("link");
    await expect(thumbs).toHaveCount(3);
    await thumbs.nth(2).click();
    await expect(page).toHaveURL(/#image-3$/);
    await expect.poll(() => slideInView(page)).toBe(3);
  });
});

/** The contrast ratio (WCAG 2) of two CSS colours of the rgb()/rgba() form, the background opaque. */
function contrast(text: string, background: string): number {
  const channels = (colour: string) =>
    colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
  const luminance = (colour: string) => {
    const [r, g, b] = channels(colour).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

test("the sold-out button's text is readable: at least 4.5:1 against its background", async ({ page }) => {
  const product = await findProduct(page.request, "gloves", (p) => p.variants.some((v) => v.stock === 0));
  const soldOut = product.variants.find((v) => v.stock === 0)!;
  await page.goto(`${pathOf(product)}?variant=${soldOut.id}`);
  const button = page.getByRole("button", { name: "Sold out" });
  await expect(button).toBeDisabled();
  const { color, background } = await button.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
  // An opaque background of its own (not the page's white seen through).
  expect(background).toMatch(/^rgb\(/);
  expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
});

test("the add-to-bag button has a delivery estimate beside it, from the shop's delivery rates", async ({ page }) => {
  const glove = await findProduct(page.request, "gloves", (p) => p.variants.some((v) => v.stock > 0));
  await page.goto(pathOf(glove));
  // The demo shop's standard delivery to the Netherlands: 1–2 days, plus a working day to dispatch (ADR 81).
  await expect(page.getByTestId("delivery-estimate")).toHaveText(
    "Delivered in 2–3 working days to Netherlands, free from €50.00.",
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test("an add-to-bag bar stays on screen once the button has scrolled away, and adds to the bag", async ({ page }) => {
    const product = await findProduct(page.request, "gloves", (p) => p.variants.some((v) => v.stock >= 3));
    const variant = product.variants.find((v) => v.stock >= 3)!;
    await page.goto(`${pathOf(product)}?variant=${variant.id}`);
    const main = page.locator(".add-to-bag-row").getByRole("button", { name: "Add to bag" });
    await expect(main).toBeVisible();
    const bar = page.getByTestId("sticky-add-bar");
    // While the button is on screen, the bar is not (and is hidden from assistive technology).
    await expect(bar).not.toBeInViewport();
    await expect(bar.getByRole("button", { name: "Add to bag" })).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(main).not.toBeInViewport();
    await expect(bar).toBeInViewport();
    await expect(bar).toContainText(product.name);
    const barButton = bar.getByRole("button", { name: "Add to bag" });
    expect((await barButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await barButton.click();
    const told = page.getByRole("region", { name: "Notifications" }).getByRole("listitem");
    await expect(told).toContainText(`Added ${product.name}`);
    await expect(bagCount(page)).toHaveText("1");
    // The toast sits above the bar, not over its button.
    await expect
      .poll(async () => {
        const [toast, under] = [(await told.boundingBox())!, (await bar.boundingBox())!];
        return toast.y + toast.height - under.y;
      })
      .toBeLessThanOrEqual(0);

    // Back up at the button, the bar goes.
    await main.scrollIntoViewIfNeeded();
    await expect(bar).not.toBeInViewport();
  });
});

test("information blocks are closed sections that open to plain paragraphs", async ({ page }) => {
  const glove = await findProduct(page.request, "gloves", () => true);
  await page.goto(pathOf(glove));
  const info = page.locator(".accordion details");
  await expect(info.locator("summary")).toHaveText(["Glove size guide", "Caring for latex", "Delivery and returns"]);
  const guide = info.filter({ hasText: "Glove size guide" });
  await expect(guide.getByText(/^Measure around/)).toBeHidden();
  await guide.locator("summary").click();
  await expect(guide).toHaveAttribute("open", "");
  await expect(guide.getByText(/^Measure around/)).toBeVisible();
  await expect(guide.locator("p")).toHaveCount(3);

  const shirt = await findProduct(page.request, "apparel", () => true);
  await page.goto(pathOf(shirt));
  await expect(page.locator(".accordion summary")).toHaveText(["Apparel size guide", "Delivery and returns"]);
});

test("related products are others of the same kind and lead to their pages", async ({ page }) => {
  const product = await findProduct(page.request, "gloves", (p) => p.subCategory !== null);
  await page.goto(pathOf(product));
  const related = page.getByRole("region", { name: "You may also like" }).getByTestId("product-card");
  await expect(related).toHaveCount(4);
  const hrefs = await related.locator(".product-card-name a").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  expect(new Set(hrefs).size).toBe(4);
  for (const href of hrefs) {
    expect(href).toMatch(/^\/shop\/gloves\/[a-z0-9-]+$/);
    expect(href).not.toBe(pathOf(product));
  }
  // Below the fold: their images wait until they are needed.
  await expect(related.locator("img").first()).toHaveAttribute("loading", "lazy");
  const name = (await related.first().locator(".product-card-name").textContent())!;
  await related.first().getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${hrefs[0]}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("structured data, canonical address and share image describe the product", async ({ page, baseURL }) => {
  const product = await findProduct(page.request, "gloves", (p) => p.variants.some((v) => v.stock > 0));
  const shown = product.variants.find((v) => v.stock > 0)!;
  // A query string does not make another page: the canonical address has none.
  await page.goto(`${pathOf(product)}?utm_source=test`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, unknown> & {
    offers: Record<string, string>;
    brand: { name: string };
    image: string[];
  };
  expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: product.name, sku: shown.sku });
  expect(ld.brand.name).toBe(product.brand.name);
  expect(ld.offers).toMatchObject({
    price: (shown.price / 100).toFixed(2),
    priceCurrency: "EUR",
    availability: "https://schema.org/InStock",
    url: `${baseURL}${pathOf(product)}`,
  });
  expect(ld.image).toHaveLength(product.images.length);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${pathOf(product)}`);
  const share = (await page.locator('meta[property="og:image"]').getAttribute("content"))!;
  expect(share).toMatch(new RegExp(`^${baseURL}/images/product/1200\\?src=`));
  expect(ld.image[0]).toBe(share);
  const image = await page.request.get(share);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/webp");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
});

test("unknown products are 404; another category or the id redirects to the product's own address", async ({ page }) => {
  const product = await findProduct(page.request, "gloves", () => true);
  for (const path of ["/shop/gloves/no-such-product", "/shop/no-such-category/no-such-product", "/shop/gloves/Not_A_Slug"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("This page could not be found");
  }
  for (const path of [`/shop/apparel/${product.slug}`, `/shop/no-such-category/${product.slug}`, `/shop/gloves/${product.id}`]) {
    const response = await page.request.get(`${path}?variant=1`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(`${pathOf(product)}?variant=1`);
  }
  await page.goto(`/shop/apparel/${product.slug}`);
  await expect(page).toHaveURL(pathOf(product));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
  // The listing addresses that look like a product are still listings.
  expect((await page.goto("/shop/gloves/sale"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gloves on sale");
});
