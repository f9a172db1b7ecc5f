import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { leavingPath } from "../../server/modules/external-links/shared.ts";
import { isShopPath, type MenuEntry } from "../../server/modules/site/shared.ts";
import { CachedHtml } from "./ui/cached-html";
import { Link } from "./ui/link";
import { Icon } from "./ui/icons";

const MENU_TOGGLE_ID = "shop-menu-open";

/**
 * The menu toggle for narrow screens. A checkbox and its label, so the menu opens without
 * JavaScript too; the checkbox stays focusable (visually hidden) for keyboard users.
 */
export function MenuToggle() {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  // A client-side navigation keeps the page, so close the menu by hand.
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [location.key]);
  return (
    <>
      <input
        ref={toggle}
        id={MENU_TOGGLE_ID}
        type="checkbox"
        className="peer sr-only lg:hidden"
        aria-controls="shop-menu"
        aria-label="Menu"
      />
      <label
        htmlFor={MENU_TOGGLE_ID}
        className="flex cursor-pointer items-center gap-2 rounded-md px-1.5 py-2 text-sm font-medium sm:px-2 peer-focus-visible:outline-2 peer-focus-visible:outline-mint-600 lg:hidden"
      >
        <Icon name="menu" className="size-5" />
        <span className="hidden sm:inline">Menu</span>
      </label>
    </>
  );
}

/**
 * The shop menu, the site's navigation (ADR 76): its links and the catalogue's categories in the
 * owner's order, rendered once for every screen: a bar on wide screens whose categories open
 * their sub-categories on hover or focus; below the header, opened by <MenuToggle/> (which must
 * come before it in the same parent), on narrow ones. It is on every page, so its styles live in
 * app.css (.shop-menu) rather than in long class lists, and the server renders its lists once per
 * menu and current entry (CachedHtml).
 */
export function SiteMenu({ entries }: { entries: MenuEntry[] }) {
  const { pathname } = useLocation();
  const current = entries.findIndex((entry) => isShopPath(entry.href) && isWithin(pathname, pathOf(entry.href)));
  return (
    <CachedHtml tag="nav" id="shop-menu" aria-label="Shop" className="shop-menu" source={entries} variant={String(current)}>
      <MenuItems entries={entries} current={current} />
    </CachedHtml>
  );
}

/** The menu's lists; `current` is the index of the entry the visitor is in (-1 for none). */
function MenuItems({ entries, current }: { entries: MenuEntry[]; current: number }) {
  return (
    <ul className="container-page">
      {entries.map((entry, i) => (
        <li key={`${i} ${entry.href}`}>
          {isShopPath(entry.href) ? (
            <Link to={entry.href} aria-current={i === current ? "page" : undefined}>
              {entry.label}
            </Link>
          ) : (
            // Out of the shop: through the external-site notice's page (SPEC §2), signed by the server.
            <a href={leavingPath(entry.href, entry.sig ?? undefined)}>{entry.label}</a>
          )}
          {entry.children.length > 0 && (
            <ul>
              {entry.children.map((child) => (
                <li key={child.href}>
                  <Link to={child.href}>{child.label}</Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A link's path without its query and hash. */
function pathOf(href: string) {
  return href.replace(/[?#].*$/, "");
}

/** True on the entry's pages: its own address or one below it, not /shop/balls for /shop/ball; "/" only on the home page. */
function isWithin(pathname: string, root: string) {
  if (root === "/") return pathname === "/";
  return pathname === root || pathname.startsWith(`${root.replace(/\/$/, "")}/`);
}
