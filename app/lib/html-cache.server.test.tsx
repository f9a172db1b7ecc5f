import { createContext, useContext, useId, useState, type ReactElement } from "react";
import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import { CachedHtml, HtmlCacheContext } from "~/components/ui/cached-html";
import { createHtmlCache } from "./html-cache.server.ts";

afterEach(() => vi.restoreAllMocks());

const Theme = createContext("plain");

function Item({ name, price }: { name: string; price: string }) {
  const [label] = useState(`${name} costs ${price}`);
  return (
    <>
      <h3 title={label}>{name}</h3>
      <p className="price">{price}</p>
    </>
  );
}

/** A page with hooks, ids and a context around two cached parts, as a real page has. */
function Page({ items, marked }: { items: { name: string; price: string }[]; marked: string }) {
  const before = useId();
  const theme = useContext(Theme);
  return (
    <main id={before} data-theme={theme}>
      {items.map((item) => (
        <CachedHtml key={item.name} tag="article" className="card" source={item} variant={String(item.name === marked)}>
          <Item name={item.name} price={item.price} />
        </CachedHtml>
      ))}
      <After />
    </main>
  );
}

function After() {
  const id = useId();
  const theme = useContext(Theme);
  return <label htmlFor={id}>{theme}</label>;
}

const render = (page: ReactElement, cache: ReturnType<typeof createHtmlCache> | null) =>
  renderToString(
    <HtmlCacheContext.Provider value={cache}>
      <Theme.Provider value="mint">{page}</Theme.Provider>
    </HtmlCacheContext.Provider>,
  );

const decoded = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));

test("a page with cached parts is the page React renders, byte for byte once references are read back", () => {
  const items = [
    { name: "Ridge", price: "€119.99" },
    { name: "Solid", price: "€59.00" },
  ];
  const plain = render(<Page items={items} marked="" />, null);
  const cache = createHtmlCache();
  const first = render(<Page items={items} marked="" />, cache);
  const second = render(<Page items={items} marked="" />, cache);
  expect(decoded(first)).toBe(plain);
  expect(second).toBe(first);
  // Ids and the context after the parts are those of the plain page, which the browser renders.
  expect(plain).toMatch(/<label for="[^"]+">mint<\/label>/);
});

test("each source and variant is rendered once, then served from the cache", () => {
  const renders = vi.fn(renderToString);
  const cache = createHtmlCache(renders);
  const item = { name: "Ridge", price: "€119.99" };
  const page = (marked: string, items = [item]) => render(<Page items={items} marked={marked} />, cache);

  page("");
  page("");
  expect(renders).toHaveBeenCalledTimes(1);
  page("Ridge");
  expect(renders).toHaveBeenCalledTimes(2);
  // The same data in a new answer is a new source: what it shows may have changed.
  page("", [{ ...item, price: "€99.00" }]);
  expect(renders).toHaveBeenCalledTimes(3);
  expect(page("", [{ ...item, price: "€99.00" }])).toContain("&#8364;99.00");
});

test("characters beyond Latin-1 become character references, so the page stays one byte per character", () => {
  const cache = createHtmlCache();
  const html = cache.html({}, "", <p title="a – b">€1 · 😀 é</p>);
  // A dash, a euro sign and an emoji are not Latin-1; a middle dot and an accent are.
  expect(html).toBe('<p title="a &#8211; b">&#8364;1 · &#128512; é</p>');
});

test("a part that cannot render on its own is rendered in place, and not tried again", () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const Needy = () => {
    if (useContext(Theme) === "plain") throw new Error("rendered away from its provider");
    return <span>themed</span>;
  };
  const renders = vi.fn(renderToString);
  const cache = createHtmlCache(renders);
  const source = {};
  const page = () =>
    render(
      <CachedHtml tag="div" source={source} variant="">
        <Needy />
      </CachedHtml>,
      cache,
    );
  expect(page()).toBe("<div><span>themed</span></div>");
  expect(page()).toBe("<div><span>themed</span></div>");
  expect(renders).toHaveBeenCalledTimes(1);
  expect(error).toHaveBeenCalledTimes(1);
});

test("a part with something React hoists into <head> (an eager image's preload) is rendered in place", () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const cache = createHtmlCache();
  const page = () =>
    render(
      <CachedHtml tag="div" source={cache} variant="">
        <img src="/a.webp" alt="" />
      </CachedHtml>,
      cache,
    );
  const plain = render(
    <div>
      <img src="/a.webp" alt="" />
    </div>,
    null,
  );
  // The page's own render hoists the preload, as it would without the cache.
  expect(page()).toBe(plain);
  expect(page()).toBe(plain);
  expect(error).toHaveBeenCalledTimes(1);
});

test("without a cache (the browser) the part is an ordinary child", () => {
  const html = renderToString(
    <CachedHtml tag="ul" source={{}} variant="" className="list">
      <li>one</li>
    </CachedHtml>,
  );
  expect(html).toBe('<ul class="list"><li>one</li></ul>');
});

test("parts render the same inside a streamed page (React's streaming renderer)", async () => {
  const items = [{ name: "Ridge", price: "€119.99" }];
  const streamed = (cache: ReturnType<typeof createHtmlCache> | null) =>
    new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        <HtmlCacheContext.Provider value={cache}>
          <Theme.Provider value="mint">
            <Page items={items} marked="" />
          </Theme.Provider>
        </HtmlCacheContext.Provider>,
        {
          onAllReady() {
            const out = new PassThrough();
            let html = "";
            out.on("data", (chunk: Buffer) => (html += chunk.toString()));
            out.on("end", () => resolve(html));
            pipe(out);
          },
          onError: reject,
        },
      );
    });
  const cache = createHtmlCache();
  expect(decoded(await streamed(cache))).toBe(await streamed(null));
  expect(decoded(await streamed(cache))).toBe(await streamed(null));
});
