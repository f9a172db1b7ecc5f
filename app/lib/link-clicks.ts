export interface ClientNavigation {
  to: string;
  replace: boolean;
  preventScrollReset: boolean;
}

/**
 * Decides whether a click should become a client-side navigation, and where to. Anything the
 * browser should handle itself is left alone: modified or non-primary clicks, links with a
 * target or download, links out of the shop, links to the server's APIs (/api, /auth: social
 * login starts there) and links marked data-reload.
 */
/** `pageUrl` is the address of the page the click happened on. */
export function clientNavigationFor(event: MouseEvent, pageUrl: string): ClientNavigation | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = event.target instanceof Element ? event.target.closest("a") : null;
  if (!anchor || !anchor.hasAttribute("href")) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download") || anchor.hasAttribute("data-reload"))
    return null;
  const url = new URL(anchor.getAttribute("href")!, pageUrl);
  const page = new URL(pageUrl);
  if (url.origin !== page.origin || /^\/(?:api|auth)\//.test(url.pathname)) return null;
  // A jump within the page (the skip link, a table of contents) is the browser's: it also moves
  // keyboard focus to the target, which a navigation would not.
  if (url.hash && url.pathname === page.pathname && url.search === page.search) return null;
  return {
    to: url.pathname + url.search + url.hash,
    replace: anchor.hasAttribute("data-replace"),
    preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
  };
}
