import type { AnchorHTMLAttributes } from "react";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An address within the shop (path, query and hash), or a full URL elsewhere. */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Keep the scroll position instead of going to the top of the new page. */
  preventScrollReset?: boolean;
}

/**
 * The shop's link: a plain <a>, so it costs nothing extra to render on the server and works
 * without JavaScript. With JavaScript, <ClientNavigation/> (in the root) turns clicks on links to
 * the shop into client-side navigations with the `page` view transition. React Router's own
 * <Link> costs about ten times a plain element per link on the server, and a page has a hundred:
 * see docs/decisions/0005-plain-links-with-one-click-handler.md. `data-discover` asks React Router
 * to learn, once the page has loaded, the routes the link leads to (ADR 44), so that following it
 * needs no extra request first.
 */
export function Link({ to, replace, preventScrollReset, ...rest }: LinkProps) {
  return (
    <a
      href={to}
      data-discover={isShopPath(to) ? "" : undefined}
      data-replace={replace ? "" : undefined}
      data-keep-scroll={preventScrollReset ? "" : undefined}
      {...rest}
    />
  );
}

/** An address on the shop itself (not another site's, not protocol-relative). */
function isShopPath(to: string): boolean {
  return to.startsWith("/") && !to.startsWith("//");
}
