import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { HtmlCache } from "~/components/ui/cached-html";

/**
 * The server's cache of rendered parts (<CachedHtml/>). Entries are keyed by their source object,
 * so they go when the cached answer they were rendered from goes: nothing to invalidate, and no
 * part outlives the data it shows. Content is rendered with renderToString while the page renders:
 * React restores its own state after such a nested render (it is built for it), and <CachedHtml/>
 * uses no hook that the nested render could disturb.
 */
export function createHtmlCache(render: (content: ReactElement) => string = renderToString): HtmlCache {
  const rendered = new WeakMap<object, Map<string, string | null>>();
  return {
    html(source, variant, content) {
      let variants = rendered.get(source);
      if (variants === undefined) rendered.set(source, (variants = new Map()));
      const known = variants.get(variant);
      if (known !== undefined) return known;
      let html: string | null;
      try {
        html = latin1(render(content));
        // React puts what it hoists into <head> (a preload of an eager image, a <title>) before
        // the content when it renders alone: kept here, it would land inside the part.
        if (html.startsWith("<link") || html.startsWith("<meta") || html.startsWith("<title")) {
          throw new Error(`it renders something React hoists into <head>: ${html.slice(0, 80)}`);
        }
      } catch (error) {
        // A part that cannot render on its own (it reads a context, it hoists): rendered in place from now on.
        console.error("cached part could not be rendered on its own", error);
        html = null;
      }
      variants.set(variant, html);
      return html;
    },
  };
}

/**
 * The part's HTML with every character beyond Latin-1 (a euro sign, a dash) written as a character
 * reference, which the browser reads back as the same text. V8 keeps a string with any such
 * character as two bytes per character, and so the whole page it joins: twice the memory, and a
 * listing's page then crosses the size where every flattening of it is a large-object
 * allocation, measured at a fifth of the listing's server time. Parts hold no <script> or
 * <style>, where a reference would not be read back.
 */
function latin1(html: string): string {
  return html.replace(/[\u0100-\u{10ffff}]/gu, (char) => `&#${char.codePointAt(0)};`);
}
