import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { MenuCategory } from "../../server/modules/catalog/index.ts";
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
 * The shop menu, built from the categories, rendered once for every screen: a bar on wide
 * screens whose items open their sub-categories on hover or focus; below the header, opened by
 * <MenuToggle/> (which must come before it in the same parent), on narrow ones. It is on every
 * page, so its styles live in app.css (.shop-menu) rather than in long class lists, and the server
 * renders its lists once per menu and current category (CachedHtml).
 */
export function SiteMenu({ categories }: { categories: MenuCategory[] }) {
  const { pathname } = useLocation();
  const current = categories.find((category) => isWithin(pathname, `/shop/${category.slug}`))?.slug ?? "";
  return (
    <CachedHtml tag="nav" id="shop-menu" aria-label="Shop" className="shop-menu" source={categories} variant={current}>
      <MenuItems categories={categories} current={current} />
    </CachedHtml>
  );
}

/** The menu's lists; `current` is the slug of the category the visitor is in ("" for none). */
function MenuItems({ categories, current }: { categories: MenuCategory[]; current: string }) {
  return (
    <ul className="container-page">
      {categories.map((category) => (
        <li key={category.slug}>
          <Link to={`/shop/${category.slug}`} aria-current={category.slug === current ? "page" : undefined}>
            {category.name}
          </Link>
          {category.subCategories.length > 0 && (
            <ul>
              {category.subCategories.map((sub) => (
                <li key={sub.slug}>
                  <Link to={`/shop/${category.slug}/sub/${sub.slug}`}>{sub.name}</Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** True on the category's pages: its own address or one below it, not /shop/balls for /shop/ball. */
function isWithin(pathname: string, root: string) {
  return pathname === root || pathname.startsWith(`${root}/`);
}
