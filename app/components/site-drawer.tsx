import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import type { MenuEntry } from "../../server/modules/site/shared.ts";
import { currentEntry, MenuLink } from "./site-menu";
import { CachedHtml } from "./ui/cached-html";
import { Icon } from "./ui/icons";
import { Link } from "./ui/link";

/*
 * The menu on narrow screens (< 1024 px, ADR 79): a full-height drawer over a dimmed page. It is
 * an HTML popover opened by the menu button, so it opens without JavaScript too: the browser
 * shows it on top with its backdrop, moves the focus to its close button (autofocus), closes it
 * on Escape or a click on the backdrop and gives the focus back to the button. JavaScript adds
 * what a popover lacks: Tab stays inside while it is open, and a client-side navigation closes it.
 */

const DRAWER_ID = "shop-drawer";

/** The header's menu button (narrow screens only). */
export function MenuButton() {
  return (
    <button type="button" popoverTarget={DRAWER_ID} className="menu-button">
      <Icon name="menu" className="size-6" />
      <span className="max-sm:sr-only">Menu</span>
    </button>
  );
}

export function SiteDrawer({
  entries,
  customer,
  extraLinks,
}: {
  entries: MenuEntry[];
  customer: boolean;
  /** News and the membership when the owner's menu does not have them (the drawer always offers them, if they are on). */
  extraLinks: { label: string; href: string }[];
}) {
  const drawer = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const current = currentEntry(entries, location.pathname);

  // A client-side navigation keeps the page, so close the drawer by hand.
  useEffect(() => {
    const element = drawer.current;
    if (element?.matches(":popover-open")) element.hidePopover();
  }, [location.key]);

  // Focus kept inside while open: Tab from the last control goes to the first, Shift+Tab from the first to the last.
  useEffect(() => {
    const element = drawer.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const controls = [...element.querySelectorAll<HTMLElement>("a[href], button, summary, input, select")].filter(
        (control) => control.checkVisibility?.() ?? control.offsetParent !== null,
      );
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey ? active === first || !element.contains(active) : active === last) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      }
    };
    // Opened, the focus goes to the close button (React's hydration drops the server's autofocus).
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open") element.querySelector<HTMLElement>(".site-drawer-close")?.focus();
    };
    element.addEventListener("keydown", onKeyDown);
    element.addEventListener("toggle", onToggle);
    return () => {
      element.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("toggle", onToggle);
    };
  }, []);

  return (
    <div ref={drawer} id={DRAWER_ID} popover="auto" role="dialog" aria-labelledby="shop-drawer-title" className="site-drawer">
      <div className="site-drawer-head">
        <p id="shop-drawer-title" className="site-drawer-title">
          Menu
        </p>
        <button
          type="button"
          popoverTarget={DRAWER_ID}
          popoverTargetAction="hide"
          // Where the browser puts the focus when the drawer opens without JavaScript (the popover's autofocus).
          autoFocus
          className="site-drawer-close"
        >
          <Icon name="close" className="size-6" />
          <span className="sr-only">Close menu</span>
        </button>
      </div>
      {/* Its own variant: the wide screens' menu is cached from the same entries. */}
      <CachedHtml tag="nav" aria-label="Shop" className="drawer-menu" source={entries} variant={`drawer ${current}`}>
        <DrawerItems entries={entries} current={current} />
      </CachedHtml>
      <nav aria-label="More" className="drawer-more">
        <ul>
          {extraLinks.map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
          <li>
            <Link to={customer ? "/my-account" : "/login"}>
              <Icon name="account" className="size-5" />
              {customer ? "My account" : "Log in"}
            </Link>
          </li>
          <li>
            {customer ? (
              <Link to="/my-account/order-history">Your orders</Link>
            ) : (
              <Link to="/sign-up">Create an account</Link>
            )}
          </li>
          <li>
            <Link to="/bag">
              <Icon name="bag" className="size-5" />
              Bag
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** The drawer's rows: each entry a link, a category's sub-categories behind its own toggle (a <details>). */
function DrawerItems({ entries, current }: { entries: MenuEntry[]; current: number }) {
  return (
    <ul>
      {entries.map((entry, i) => (
        <li key={`${i} ${entry.href}`}>
          <MenuLink entry={entry} current={i === current} />
          {entry.children.length > 0 && (
            <details>
              <summary aria-label={`${entry.label}: sub-categories`}>
                <Icon name="chevron-down" className="size-5" />
              </summary>
              <ul>
                {entry.children.map((child) => (
                  <li key={child.href}>
                    <Link to={child.href}>{child.label}</Link>
                  </li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
