import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { Link, NavLink } from "./ui/link";
import type { MenuCategory } from "../../server/modules/catalog/index.ts";

// The shop menu, built from the categories, in two forms that both work without JavaScript:
// a bar for wide screens whose items open their sub-categories on hover or focus, and a
// <details> drawer for narrow ones.

export function MenuBar({ categories }: { categories: MenuCategory[] }) {
  return (
      <nav aria-label="Shop" className="hidden lg:block">
        <ul className="flex flex-wrap items-center gap-x-6 gap-y-1">
          {categories.map((category) => (
            <li key={category.slug} className="group relative">
              <NavLink
                to={`/shop/${category.slug}`}
                className={({ isActive }) =>
                  `block py-3 text-sm font-medium hover:text-mint-700 ${isActive ? "text-mint-700" : "text-grey-800"}`
                }
              >
                {category.name}
              </NavLink>
              {category.subCategories.length > 0 && (
                <ul className="invisible absolute top-full left-0 z-40 min-w-48 rounded-md border border-grey-200 bg-white py-2 opacity-0 shadow-lg transition group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                  {category.subCategories.map((sub) => (
                    <li key={sub.slug}>
                      <Link
                        to={`/shop/${category.slug}/sub/${sub.slug}`}
                        className="block px-4 py-2 text-sm text-grey-700 hover:bg-mint-50 hover:text-mint-800"
                      >
                        {sub.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
  );
}

export function MenuDrawer({ categories }: { categories: MenuCategory[] }) {
  const drawer = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // A client-side navigation keeps the page, so close the drawer by hand.
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [location.key]);

  return (
      <details ref={drawer} className="group/drawer lg:hidden">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-2 text-sm font-medium [&::-webkit-details-marker]:hidden">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6h16M4 12h16M4 18h16" />
          </svg>
          <span className="sr-only sm:not-sr-only">Menu</span>
        </summary>
        <nav
          aria-label="Shop menu"
          className="absolute inset-x-0 top-full z-40 max-h-[80vh] overflow-y-auto border-t border-grey-200 bg-white shadow-lg"
        >
          <ul className="container-page divide-y divide-grey-100 py-2">
            {categories.map((category) => (
              <li key={category.slug} className="py-2">
                <Link to={`/shop/${category.slug}`} className="block py-1 font-medium text-grey-900">
                  {category.name}
                </Link>
                <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                  {category.subCategories.map((sub) => (
                    <li key={sub.slug}>
                      <Link to={`/shop/${category.slug}/sub/${sub.slug}`} className="text-sm text-grey-600">
                        {sub.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
      </details>
  );
}
