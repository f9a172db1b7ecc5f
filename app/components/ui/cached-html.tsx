import { createContext, createElement, useContext, type AllHTMLAttributes, type ReactElement, type Ref } from "react";

/**
 * Rendered HTML of repeated, data-only parts of pages (product cards, the menu, a listing's
 * filters), kept by the server between requests: see app/lib/html-cache.server.ts and
 * docs/decisions/0027-cached-html-of-repeated-parts.md. Only the server provides one.
 */
export interface HtmlCache {
  /** The HTML of `content` (rendered from `source` as `variant`), or null when it cannot be kept. */
  html(source: object, variant: string, content: ReactElement): string | null;
}

export const HtmlCacheContext = createContext<HtmlCache | null>(null);

type Tag = "article" | "div" | "nav" | "ul" | "form";

export type CachedHtmlProps<E extends HTMLElement> = AllHTMLAttributes<E> & {
  /** The element that holds the content, with the rest of the props as its attributes. */
  tag: Tag;
  ref?: Ref<E>;
  /**
   * The data the content is rendered from: one cached answer's object, shared by every request
   * while it is current (lib/serialized.ts). The cache holds the HTML as long as the object lives.
   */
  source: object;
  /** Everything else the content depends on, as a string ("" when nothing). */
  variant: string;
  /**
   * Rendered on its own, away from the page's providers: it must not read a context, use useId,
   * or render what React hoists to <head> (an eagerly loaded image, a <title>).
   */
  children: ReactElement;
};

/**
 * An element whose content the server renders once per source and variant and then reuses; in
 * the browser (and on a server without a cache) the content is an ordinary child, which hydrates
 * against the cached HTML because it is the same markup.
 */
export function CachedHtml<E extends HTMLElement>({ tag, source, variant, children, ...attributes }: CachedHtmlProps<E>) {
  // The only hook here: the cache renders `children` with React's own renderer while this
  // component renders, and React's server renderer keeps a component's hook state in globals.
  const cache = useContext(HtmlCacheContext);
  const html = cache?.html(source, variant, children);
  return html == null
    ? createElement(tag, attributes, children)
    : createElement(tag, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
