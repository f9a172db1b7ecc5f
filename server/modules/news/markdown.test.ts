import { describe, expect, test } from "vitest";
import { createExternalLinks } from "../external-links/index.ts";
import { renderMarkdown } from "./markdown.ts";

const links = createExternalLinks({ videoOrigins: ["https://www.youtube.com"], secret: "a test secret of the shop" });
const sign = links.sign;

/** The hrefs of the links in `html`, entities decoded. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a [^>]*?href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
}

/** What /leaving would do with a link of the rendered page. */
function leavingFor(href: string) {
  const url = new URL(href, "https://shop.test");
  expect(url.origin + url.pathname).toBe("https://shop.test/leaving");
  return links.leavingTarget(url.searchParams.get("to"), url.searchParams.get("sig"));
}

describe("renderMarkdown", () => {
  test("writes the usual Markdown as HTML, top headings one level down (the page has its h1)", () => {
    const html = renderMarkdown(
      "# Grip\n\nWash your **gloves** in *lukewarm* water.\n\n- rinse\n- dry flat\n\n> Never in the dryer.",
    );
    expect(html).toContain("<h2>Grip</h2>");
    expect(html).toContain("<strong>gloves</strong>");
    expect(html).toContain("<em>lukewarm</em>");
    expect(html).toContain("<ul>\n<li>rinse</li>");
    expect(html).toContain("<blockquote>");
  });

  test("keeps nothing that runs: scripts, handlers, javascript: links, styles, frames", () => {
    const html = renderMarkdown(
      [
        "<script>alert(1)</script>",
        '<img src="/media/a.webp" onerror="alert(2)">',
        "[click](javascript:alert(3))",
        '<a href="/x" onclick="alert(4)">x</a>',
        '<p style="position:fixed">styled</p>',
        '<iframe src="https://evil.example"></iframe>',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|style=|iframe/i);
    expect(html).toContain("styled");
  });

  test("links that leave the shop go through the external-site notice; the shop's own stay", () => {
    const html = renderMarkdown("[Watch](https://www.youtube.com/watch?v=abcdefghijk) and [our gloves](/shop/gloves)");
    expect(html).toContain(
      `<a href="/leaving?to=${encodeURIComponent("https://www.youtube.com/watch?v=abcdefghijk").replace(/&/g, "&amp;")}" rel="nofollow noopener">Watch</a>`,
    );
    expect(html).toContain('<a href="/shop/gloves">our gloves</a>');
    expect(renderMarkdown("[top](#sizes) [mail](mailto:team@example.com)")).toBe(
      '<p><a href="#sizes">top</a> <a href="mailto:team@example.com">mail</a></p>\n',
    );
  });

  test("a link to another https site gets a signed notice link, which the notice follows", () => {
    const html = renderMarkdown("Read [the study](https://research.example/gloves?year=2024) first.", { sign });
    const [href] = hrefsOf(html);
    const to = "https://research.example/gloves?year=2024";
    expect(href).toBe(`/leaving?to=${encodeURIComponent(to)}&sig=${sign(to)}`);
    expect(html).toContain('rel="nofollow noopener"');
    expect(leavingFor(href!)).toEqual({ ok: true, url: to, host: "research.example" });
    // Unsigned (a renderer without the shop's key), the notice refuses a host it does not allow.
    expect(leavingFor(hrefsOf(renderMarkdown(`[the study](${to})`))[0]!)).toMatchObject({ ok: false });
  });

  test("protocol-relative and backslash links count as leaving, in Markdown and in raw HTML", () => {
    const html = renderMarkdown(
      [
        "[a](//evil.example/a)",
        '<a href="//evil.example/b">b</a>',
        '<a href="/\\evil.example/c">c</a>',
        '<a href="\\\\evil.example/d">d</a>',
        '<a href="&#47;&#47;evil.example/e">e</a>',
        '<a href=" /\t/evil.example/f">f</a>',
        "[g](<https://evil.example/g>)",
      ].join("\n\n"),
      { sign },
    );
    const hrefs = hrefsOf(html);
    expect(hrefs).toHaveLength(7);
    for (const [i, href] of hrefs.entries()) {
      const letter = "abcdefg"[i]!;
      expect(href, letter).toMatch(/^\/leaving\?to=/);
      expect(leavingFor(href), letter).toEqual({ ok: true, url: `https://evil.example/${letter}`, host: "evil.example" });
    }
    expect(html).not.toMatch(/href="(\/\/|\/\\|\\)/);
  });

  test("a path that would resolve to another host keeps its text and loses its address", () => {
    const html = renderMarkdown('<a href="/.//evil.example/">x</a> [y](https://)', { sign });
    expect(html).toBe("<p><a>x</a> <a>y</a></p>\n");
  });

  test("pictures only from the shop itself: no tracking pixels from elsewhere", () => {
    const html = renderMarkdown("![ours](/media/news/a.webp) ![theirs](https://tracker.example/p.gif)");
    expect(html).toContain('src="/media/news/a.webp"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain("tracker.example");
  });
});
