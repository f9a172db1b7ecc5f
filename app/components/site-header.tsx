import { Logo } from "./brand/logo";
import { CompareLink } from "./compare-link";
import type { MenuEntry } from "../../server/modules/site/shared.ts";
import { MenuButton, SiteDrawer } from "./site-drawer";
import { SiteMenu } from "./site-menu";
import { SiteSearch } from "./site-search";
import { Icon } from "./ui/icons";
import { Link } from "./ui/link";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The shop's header (ADR 79): the menu button (narrow screens), the logo, the search, compare,
 * account and bag on one row, the menu's row under it from 1024 px; both rows on the page grid
 * (container-page), as the page's content is. Narrow screens open the menu as a drawer.
 */
export function SiteHeader({
  siteName,
  menu,
  compare,
  bagCount,
  customer,
  extraLinks,
}: {
  siteName: string;
  /** The site's navigation with the catalogue's categories in their place (ADR 76). */
  menu: MenuEntry[];
  /** Whether the owner has comparing on (the `compare` flag): off, the header has no link to it. */
  compare: boolean;
  bagCount: number;
  /** The logged-in customer, or null for a guest. */
  customer: { firstName: string | null } | null;
  /** Links the drawer offers besides the menu (news, membership: when the owner's menu lacks them). */
  extraLinks: { label: string; href: string }[];
}) {
  return (
    <header className="site-header">
      <div className="container-page site-header-row">
        <MenuButton />
        <Logo siteName={siteName} />
        <SiteSearch />
        <div className="site-header-icons">
          {compare && <CompareLink />}
          <Link
            to={customer ? "/my-account" : "/login"}
            className="header-icon"
            aria-label={!customer ? "Log in" : customer.firstName ? `My account (${customer.firstName})` : "My account"}
            data-testid="account-link"
          >
            <Icon name="account" />
          </Link>
          <Link
            to="/bag"
            className="header-icon relative"
            aria-label={bagCount === 0 ? "Bag, empty" : `Bag, ${bagCount} ${bagCount === 1 ? "item" : "items"}`}
          >
            <Icon name="bag" />
            {bagCount > 0 && (
              <span className="bag-count" data-testid="bag-count" aria-hidden="true">
                {bagCount > 99 ? "99+" : bagCount}
              </span>
            )}
          </Link>
        </div>
      </div>
      <SiteMenu entries={menu} />
      <SiteDrawer entries={menu} customer={customer !== null} extraLinks={extraLinks} />
    </header>
  );
}

/**
 * The header at checkout (ADR 79): the logo, "Secure checkout" and a way to help; no menu, search
 * or bag to leave the purchase by. Help is the shop's contact address when it has one.
 */
export function CheckoutHeader({ siteName, contactEmail }: { siteName: string; contactEmail: string | null }) {
  // Says the page's effects have run, as the shop header's search does by becoming a combobox (tests/support/hydration.ts).
  const hydrated = useHydrated();
  return (
    <header className="site-header" data-hydrated={hydrated ? "" : undefined}>
      <div className="container-page site-header-row checkout-header-row">
        <Logo siteName={siteName} />
        <p className="checkout-secure">
          <Icon name="lock" className="size-5 text-mint-700" />
          Secure checkout
        </p>
        {contactEmail ? (
          <a href={`mailto:${contactEmail}`} className="checkout-help">
            <Icon name="help" className="size-5" />
            Help
          </a>
        ) : (
          <Link to="/terms-condition" className="checkout-help">
            <Icon name="help" className="size-5" />
            Help
          </Link>
        )}
      </div>
    </header>
  );
}
