import { useLocation } from "react-router";
import { leavingPath } from "../../server/modules/external-links/shared.ts";
import { imageUrl, storedImageSource } from "../../server/modules/media/shared.ts";
import { isShopPath, type MenuEntry } from "../../server/modules/site/shared.ts";
import { CachedHtml } from "./ui/cached-html";
import { Link } from "./ui/link";

/**
 * The shop menu for wide screens (≥ 1024 px), the site's navigation (ADR 76): its links and the
 * catalogue's categories in the owner's order, one row under the logo, search and icons. A
 * category opens a large panel on hover or keyboard focus (CSS :hover and :focus-within, so
 * without JavaScript too) with its sub-categories and its picture, aligned to the page grid
 * (ADR 79). Narrow screens have the drawer (site-drawer.tsx) instead. The menu is on every page,
 * so its styles live in app.css (.shop-menu) and the server renders it once per menu and current
 * entry (CachedHtml).
 */
export function SiteMenu({ entries }: { entries: MenuEntry[] }) {
  const { pathname } = useLocation();
  const current = currentEntry(entries, pathname);
  return (
    <CachedHtml tag="nav" id="shop-menu" aria-label="Shop" className="shop-menu" source={entries} variant={String(current)}>
      <MenuItems entries={entries} current={current} />
    </CachedHtml>
  );
}

/** The index of the entry the visitor is in (-1 for none): the closest, so on /shop/gloves/sale the sale, not the gloves. */
export function currentEntry(entries: MenuEntry[], pathname: string) {
  let current = -1;
  entries.forEach((entry, i) => {
    const root = pathOf(entry.href);
    if (!isShopPath(entry.href) || !isWithin(pathname, root)) return;
    if (current === -1 || root.length > pathOf(entries[current]!.href).length) current = i;
  });
  return current;
}

/** The menu's row; `current` is the index of the entry the visitor is in (-1 for none). */
function MenuItems({ entries, current }: { entries: MenuEntry[]; current: number }) {
  return (
    <ul className="container-page">
      {entries.map((entry, i) => (
        <li key={`${i} ${entry.href}`}>
          <MenuLink entry={entry} current={i === current} />
          {entry.children.length > 0 && <MegaPanel entry={entry} />}
        </li>
      ))}
    </ul>
  );
}

/** An entry's link: a path of the shop, or another site through the external-site notice (SPEC §2), signed by the server. */
export function MenuLink({ entry, current, className }: { entry: MenuEntry; current: boolean; className?: string }) {
  // A sale listing is marked as good news (the saving colour).
  const sale = /\/sale$/.test(pathOf(entry.href)) ? "" : undefined;
  return isShopPath(entry.href) ? (
    <Link to={entry.href} aria-current={current ? "page" : undefined} data-sale={sale} className={className}>
      {entry.label}
    </Link>
  ) : (
    <a href={leavingPath(entry.href, entry.sig ?? undefined)} className={className}>
      {entry.label}
    </a>
  );
}

/** A category's large panel: its sub-categories, and its picture leading to all of it. */
function MegaPanel({ entry }: { entry: MenuEntry }) {
  return (
    <div className="mega">
      <div className="mega-inner container-page">
        <div>
          <p className="mega-title">{entry.label}</p>
          <ul>
            {entry.children.map((child) => (
              <li key={child.href}>
                <Link to={child.href}>{child.label}</Link>
              </li>
            ))}
          </ul>
        </div>
        <Link to={entry.href} className="mega-feature">
          {entry.picture !== null && (
            // Lazy: a closed panel is not displayed, so its picture is fetched when the panel first opens.
            <img
              src={imageUrl("cover", 480, storedImageSource(entry.picture))}
              alt=""
              width={480}
              height={270}
              loading="lazy"
              decoding="async"
            />
          )}
          <span>Shop all {entry.label.toLowerCase()}</span>
        </Link>
      </div>
    </div>
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
