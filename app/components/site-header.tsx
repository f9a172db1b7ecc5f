import { Link } from "./ui/link";
import { CompareLink } from "./compare-link";
import type { MenuEntry } from "../../server/modules/site/shared.ts";
import { MenuToggle, SiteMenu } from "./site-menu";
import { SiteSearch } from "./site-search";
import { Icon } from "./ui/icons";

export function SiteHeader({
  siteName,
  menu,
  compare,
  bagCount,
  customer,
}: {
  siteName: string;
  /** The site's navigation with the catalogue's categories in their place (ADR 76). */
  menu: MenuEntry[];
  /** Whether the owner has comparing on (the `compare` flag): off, the header has no link to it. */
  compare: boolean;
  bagCount: number;
  /** The logged-in customer, or null for a guest. */
  customer: { username: string; firstName: string | null } | null;
}) {
  return (
    <header className="relative z-30 border-b border-grey-200 bg-white">
      <div className="container-page flex flex-wrap items-center gap-x-1 gap-y-2 py-2 sm:gap-x-4 lg:gap-x-8 lg:gap-y-0">
        <MenuToggle />
        <Link to="/" className="py-2 text-lg font-bold tracking-tight whitespace-nowrap text-grey-900">
          <span aria-hidden="true" className="mr-1 inline-block size-3 rounded-full bg-mint-500" />
          {siteName}
        </Link>
        <SiteMenu entries={menu} />
        <SiteSearch />
        <div className="ml-auto flex items-center sm:gap-1">
          {compare && <CompareLink />}
          <Link
            to={customer ? "/my-account" : "/login"}
            className="rounded-md p-1.5 text-grey-800 hover:text-mint-700 sm:p-2"
            aria-label={customer ? `My account (${customer.firstName || customer.username})` : "Log in"}
            data-testid="account-link"
          >
            <Icon name="account" />
          </Link>
          <Link
            to="/bag"
            className="relative rounded-md p-1.5 text-grey-800 hover:text-mint-700 sm:p-2"
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
    </header>
  );
}
