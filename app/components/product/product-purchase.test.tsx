// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  data,
  RouterProvider,
  StaticRouterProvider,
} from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { MAX_LINE_QUANTITY } from "../../../server/modules/cart/limits.ts";
import type { Variant } from "./variant-choice";
import { ProductPurchase } from "./product-purchase.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
});

let nextId = 100;
function variant(size: string, colour: string, stock: number, price: number, compareAtPrice: number | null = null): Variant {
  const id = nextId++;
  return {
    id,
    sku: `SKU-${id}`,
    size,
    colour,
    colourHex: colour === "Red" ? "#ff0000" : "#000000",
    stock,
    price,
    compareAtPrice,
  };
}

// Prices differ by variant here (the demo shop's do not), so the price shown must follow the choice.
//          8              9                10
//  Red     3 @ 59.99      0                -
//  Black   0              20 @ 69.99       12 @ 79.99 (was 99.99)
//  White   0              0                0
const red8 = variant("8", "Red", 3, 5999);
const red9 = variant("9", "Red", 0, 5999);
const black8 = variant("8", "Black", 0, 6999);
const black9 = variant("9", "Black", 20, 6999);
const black10 = variant("10", "Black", 12, 7999, 9999);
const white = ["8", "9", "10"].map((size) => variant(size, "White", 0, 5999));
const variants = [red8, red9, black8, black9, black10, ...white];

async function renderPurchase(initial: Variant, optionNames?: { size: string; colour: string }) {
  window.history.replaceState(null, "", "/shop/gloves/grip?from=test");
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <ProductPurchase productId={1} variants={variants} initialVariantId={initial.id} currency="EUR" optionNames={optionNames} />
      ),
    },
  ]);
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => createRoot(container).render(<RouterProvider router={router} />));
  return container;
}

const radio = (page: HTMLElement, name: string, value: string) =>
  page.querySelector<HTMLInputElement>(`input[type=radio][name="${name}"][value="${value}"]`)!;
const text = (page: HTMLElement, selector: string) => page.querySelector(selector)?.textContent?.replace(/\s+/g, " ").trim();

async function choose(input: HTMLInputElement) {
  await act(async () => input.click());
}

test("sizes the chosen colour lacks are disabled; sold-out ones can be chosen (to be told when they are back); all say why", async () => {
  const page = await renderPurchase(red8);
  expect(radio(page, "colour", "Red").checked).toBe(true);
  expect(radio(page, "size", "8").checked).toBe(true);
  expect(radio(page, "size", "9").disabled).toBe(false);
  expect(radio(page, "size", "10").disabled).toBe(true);
  // Marked apart (styles/app.css: sold out crossed out, not made dashed).
  expect(radio(page, "size", "9").closest("label")!.dataset.availability).toBe("sold-out");
  expect(radio(page, "size", "10").closest("label")!.dataset.availability).toBe("missing");
  expect(radio(page, "size", "8").closest("label")!.dataset.availability).toBe("available");
  expect(radio(page, "size", "9").closest("label")!.querySelector("span.sr-only")!.textContent).toBe("9, sold out in Red");
  expect(radio(page, "size", "10").closest("label")!.querySelector("span.sr-only")!.textContent).toBe("10, not made in Red");
  // White has nothing in stock: it says so, and can be chosen. Black has size 8 sold out but others in stock: it says so too.
  expect(radio(page, "colour", "White").disabled).toBe(false);
  expect(radio(page, "colour", "White").closest("label")!.textContent).toBe("White, sold out");
  expect(radio(page, "colour", "Black").disabled).toBe(false);
  expect(radio(page, "colour", "Black").closest("label")!.textContent).toBe("Black, sold out in size 8");
  expect(radio(page, "colour", "Black").closest("label")!.title).toBe("Black (sold out in size 8)");
});

test("the groups are called as the product calls its options: a bag's sizes are its volume", async () => {
  const plain = await renderPurchase(red8);
  expect([...plain.querySelectorAll("legend")].map((legend) => legend.textContent)).toEqual(["Colour: Red", "Size"]);
  document.body.innerHTML = "";
  const page = await renderPurchase(red8, { size: "Volume", colour: "Finish" });
  expect([...page.querySelectorAll("legend")].map((legend) => legend.textContent)).toEqual(["Finish: Red", "Volume"]);
  expect(radio(page, "colour", "Black").closest("label")!.textContent).toBe("Black, sold out in volume 8");
});

test("the price, the stock message and the form's variant follow the choice, and so does the address", async () => {
  const page = await renderPurchase(red8);
  const variantField = () => page.querySelector<HTMLInputElement>('input[name="variantId"]')!;
  expect(text(page, ".product-price")).toBe("€59.99");
  expect(text(page, ".stock-message")).toBe("Only 3 left");
  expect(variantField().value).toBe(String(red8.id));

  // Black has no 8 in stock: choosing it moves to its first size in stock.
  await choose(radio(page, "colour", "Black"));
  expect(radio(page, "size", "9").checked).toBe(true);
  expect(text(page, ".product-price")).toBe("€69.99");
  expect(text(page, ".stock-message")).toBe("In stock");
  expect(variantField().value).toBe(String(black9.id));
  expect(new URL(window.location.href).searchParams.get("variant")).toBe(String(black9.id));
  expect(new URL(window.location.href).searchParams.get("from")).toBe("test");

  await choose(radio(page, "size", "10"));
  expect(text(page, ".product-price")).toBe("Sale price €79.99 , was €99.99");
  expect(variantField().value).toBe(String(black10.id));
  // In Black, 8 is sold out (marked, not disabled); Red has 10 not at all, so Red now says so.
  expect(radio(page, "size", "8").closest("label")!.dataset.availability).toBe("sold-out");
  expect(radio(page, "colour", "Red").closest("label")!.textContent).toContain("Red, not in size 10");
});

test("the quantity stays within the variant's stock, as the bag's does", async () => {
  const page = await renderPurchase(black9);
  const quantity = () => page.querySelector<HTMLInputElement>('input[name="quantity"]')!;
  const button = (label: string) => page.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
  // Black 9 has 20: more than one order may hold of an option, so the cap is the limit.
  expect(quantity().max).toBe(String(MAX_LINE_QUANTITY));
  expect(button("One fewer").disabled).toBe(true);
  for (let i = 0; i < 22; i++) await act(async () => button("One more").click());
  expect(quantity().value).toBe(String(MAX_LINE_QUANTITY));
  expect(button("One more").disabled).toBe(true);

  // Red 8 has 3: the quantity comes down with it.
  await choose(radio(page, "colour", "Red"));
  expect(quantity().max).toBe("3");
  expect(quantity().value).toBe("3");
});

test("a sold-out variant cannot be added", async () => {
  const page = await renderPurchase(red9);
  expect(text(page, ".stock-message")).toBe("Out of stock");
  const submit = page.querySelector<HTMLButtonElement>("button[type=submit]")!;
  expect(submit.disabled).toBe(true);
  expect(submit.textContent).toBe("Sold out");
  // The chosen option stays reachable by keyboard even though it is sold out.
  expect(radio(page, "size", "9").disabled).toBe(false);
});

test("before JavaScript runs, the form is a select of every variant with sold-out ones disabled", async () => {
  const handler = createStaticHandler([
    {
      path: "/",
      element: (
        <ProductPurchase
          productId={1}
          variants={variants}
          initialVariantId={red8.id}
          currency="EUR"
          optionNames={{ size: "Volume", colour: "Colour" }}
        />
      ),
    },
  ]);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
  const page = document.createElement("div");
  page.innerHTML = html;
  expect(page.querySelectorAll('input[type="radio"]')).toHaveLength(0);
  const form = page.querySelector<HTMLFormElement>('form[action="/bag"]')!;
  expect(form.querySelector("label")!.firstChild!.textContent).toBe("Volume and colour");
  const options = [...form.querySelectorAll<HTMLOptionElement>('select[name="variantId"] option')];
  expect(options.map((o) => o.textContent)).toEqual([
    "8 · Red · €59.99",
    "9 · Red · €59.99 (sold out)",
    "8 · Black · €69.99 (sold out)",
    "9 · Black · €69.99",
    "10 · Black · €79.99",
    "8 · White · €59.99 (sold out)",
    "9 · White · €59.99 (sold out)",
    "10 · White · €59.99 (sold out)",
  ]);
  expect(options.filter((o) => o.disabled).map((o) => o.value)).toEqual([red9, black8, ...white].map((v) => String(v.id)));
  expect(options.find((o) => o.selected)?.value).toBe(String(red8.id));
  expect(form.getAttribute("method")).toBe("post");
  expect(form.querySelector<HTMLInputElement>('input[name="intent"]')!.value).toBe("add");
  expect(form.querySelector('input[name="js"]')).toBeNull();
  // Without JavaScript the select can pick any variant: the quantity allows the most any may have
  // (Black 9's 20, capped at the most of one option).
  expect(form.querySelector<HTMLInputElement>('input[name="quantity"]')!.max).toBe(String(MAX_LINE_QUANTITY));
});

/** The component as the server renders it, before JavaScript runs. */
async function serverRendered(initial: Variant, props: { customerEmail?: string } = {}) {
  const handler = createStaticHandler([
    {
      path: "/",
      element: <ProductPurchase productId={1} variants={variants} initialVariantId={initial.id} currency="EUR" {...props} />,
    },
  ]);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

test("a sold-out choice offers the back-in-stock form for that option; it posts through a fetcher and says the answer in a live region", async () => {
  window.history.replaceState(null, "", "/shop/gloves/grip");
  const sent: Record<string, string>[] = [];
  const router = createMemoryRouter([
    {
      path: "/",
      element: <ProductPurchase productId={1} variants={variants} initialVariantId={red8.id} currency="EUR" />,
      action: async ({ request }) => {
        const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
        sent.push(fields);
        return { ok: true, variantId: Number(fields.variantId), message: `On the list: ${fields.email}` };
      },
    },
  ]);
  const page = document.createElement("div");
  document.body.append(page);
  await act(async () => createRoot(page).render(<RouterProvider router={router} />));
  // In stock: no form.
  expect(page.querySelector('[data-testid="back-in-stock"]')).toBeNull();

  await choose(radio(page, "size", "9"));
  expect(text(page, ".stock-message")).toBe("Out of stock");
  const section = page.querySelector<HTMLElement>('[data-testid="back-in-stock"]')!;
  const form = section.querySelector("form")!;
  expect(form.querySelector<HTMLInputElement>('input[name="variantId"]')!.value).toBe(String(red9.id));
  expect(form.querySelector('select[name="variantId"]')).toBeNull();
  const email = form.querySelector<HTMLInputElement>('input[name="email"]')!;
  expect(page.querySelector(`label[for="${email.id}"]`)!.textContent).toBe("Your e-mail");
  const live = page.querySelector('[data-testid="back-in-stock-message"]')!;
  expect(live.getAttribute("aria-live")).toBe("polite");

  email.value = "ann@example.com";
  await act(async () => form.requestSubmit());
  await act(() => vi.waitFor(() => expect(live.textContent).toBe("On the list: ann@example.com")));
  expect(sent).toEqual([{ intent: "back-in-stock", js: "1", variantId: String(red9.id), email: "ann@example.com" }]);
  // Another option starts afresh: White 9, sold out too, has no answer yet.
  await choose(radio(page, "colour", "White"));
  expect(page.querySelector('[data-testid="back-in-stock-message"]')!.textContent).toBe("");
  expect(page.querySelector<HTMLInputElement>('[data-testid="back-in-stock"] input[name="variantId"]')!.value).toBe(
    String(white[1]!.id),
  );
});

test("before JavaScript runs, the back-in-stock form offers every sold-out option: in <noscript> when the page opens on one in stock", async () => {
  const page = document.createElement("div");
  const soldOutIds = [red9, black8, ...white].map((v) => String(v.id));

  const onSoldOut = await serverRendered(red9);
  page.innerHTML = onSoldOut;
  const form = page.querySelector<HTMLElement>('[data-testid="back-in-stock"] form')!;
  const choices = [...form.querySelectorAll<HTMLOptionElement>('select[name="variantId"] option')];
  expect(choices.map((o) => o.value)).toEqual(soldOutIds);
  expect(choices.find((o) => o.selected)?.value).toBe(String(red9.id));
  expect(form.getAttribute("method")).toBe("post");
  expect(form.querySelector('input[name="js"]')).toBeNull();
  expect(onSoldOut).not.toContain("<noscript>");

  // Opened on an option in stock: the form is there for browsers without scripts alone.
  const onInStock = await serverRendered(red8);
  expect(onInStock).toMatch(/<noscript><section[^>]*data-testid="back-in-stock"/);
  expect(onInStock.match(/<option value="(\d+)"/g)!.slice(-soldOutIds.length)).toEqual(
    soldOutIds.map((id) => `<option value="${id}"`),
  );
});

test("a logged-in customer's form shows their account's address, read-only", async () => {
  const html = await serverRendered(red9, { customerEmail: "ann@example.com" });
  const page = document.createElement("div");
  page.innerHTML = html;
  const email = page.querySelector<HTMLInputElement>('[data-testid="back-in-stock"] input[name="email"]')!;
  expect(email.value).toBe("ann@example.com");
  expect(email.readOnly).toBe(true);
});

test("refused because the option is in stock now: the page shows its stock and offers it, instead of 'Sold out'", async () => {
  window.history.replaceState(null, "", "/shop/gloves/grip");
  const router = createMemoryRouter([
    {
      path: "/",
      element: <ProductPurchase productId={1} variants={variants} initialVariantId={red9.id} currency="EUR" />,
      action: async ({ request }) => {
        const fields = Object.fromEntries(await request.formData()) as Record<string, string>;
        return data(
          {
            ok: false,
            fieldErrors: { variantId: "This option is in stock now: you can add it to your bag." },
            formError: null,
            values: { email: fields.email! },
            variantId: Number(fields.variantId),
            stock: { available: true, left: 2 },
          },
          { status: 400 },
        );
      },
    },
  ]);
  const page = document.createElement("div");
  document.body.append(page);
  await act(async () => createRoot(page).render(<RouterProvider router={router} />));
  expect(text(page, ".stock-message")).toBe("Out of stock");
  const form = page.querySelector<HTMLFormElement>('[data-testid="back-in-stock"] form')!;
  form.querySelector<HTMLInputElement>('input[name="email"]')!.value = "ann@example.com";
  await act(async () => form.requestSubmit());
  await act(() => vi.waitFor(() => expect(text(page, ".stock-message")).toBe("Only 2 left")));
  expect(page.querySelector<HTMLButtonElement>('form[action="/bag"] button[type=submit]')!.disabled).toBe(false);
  expect(page.querySelector('[data-testid="back-in-stock"]')).toBeNull();
  expect(text(page, '[data-testid="back-in-stock-message"]')).toBe("This option is in stock now: you can add it to your bag.");
  expect(radio(page, "size", "9").closest("label")!.dataset.availability).toBe("available");
});

test("without JavaScript, the same answer comes back with the page: it shows the option's stock", async () => {
  const handler = createStaticHandler([
    {
      path: "/",
      element: (
        <ProductPurchase
          productId={1}
          variants={variants}
          initialVariantId={red9.id}
          currency="EUR"
          backInStock={{
            ok: false,
            fieldErrors: { variantId: "This option is in stock now: you can add it to your bag." },
            formError: null,
            values: { email: "ann@example.com" },
            variantId: red9.id,
            stock: { available: true, left: null },
          }}
        />
      ),
    },
  ]);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const page = document.createElement("div");
  page.innerHTML = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
  expect(text(page, ".stock-message")).toBe("In stock");
  expect(text(page, '[data-testid="back-in-stock-message"]')).toBe("This option is in stock now: you can add it to your bag.");
  // No longer among the sold-out options offered.
  expect(page.querySelector(`[data-testid="back-in-stock"] option[value="${red9.id}"]`)).toBeNull();
});
