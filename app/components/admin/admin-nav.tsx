import { Link } from "~/components/ui/link";
import type { BackOfficeAccess } from "~/lib/route-handle";

/** The back office's sections; Products is the catalogue's first; parts 2 and 3 add the rest of the Catalogue, Content and Settings here. */
export const ADMIN_SECTIONS: readonly { to: string; label: string; access: BackOfficeAccess }[] = [
  { to: "/admin", label: "Dashboard", access: "staff" },
  { to: "/admin/orders", label: "Orders", access: "staff" },
  { to: "/admin/customers", label: "Customers", access: "staff" },
  { to: "/admin/products", label: "Products", access: "staff" },
  { to: "/admin/stock", label: "Stock", access: "staff" },
  { to: "/admin/demand", label: "Demand", access: "staff" },
  { to: "/admin/imports", label: "Imports", access: "staff" },
  { to: "/admin/catalogue", label: "Catalogue", access: "staff" },
  { to: "/admin/promotions", label: "Promotions", access: "staff" },
  { to: "/admin/news", label: "News", access: "content" },
  { to: "/admin/pages", label: "Pages", access: "content" },
  { to: "/admin/newsletter", label: "Newsletter", access: "content" },
  { to: "/admin/site", label: "Site", access: "content" },
  { to: "/admin/media", label: "Media library", access: "content" },
  { to: "/admin/launch", label: "Launch", access: "content" },
  { to: "/admin/information", label: "Product information", access: "content" },
  { to: "/admin/delivery", label: "Delivery", access: "settings" },
  { to: "/admin/memberships", label: "Memberships", access: "settings" },
  { to: "/admin/settings", label: "Settings", access: "settings" },
  { to: "/admin/flags", label: "Feature flags", access: "settings" },
  { to: "/admin/staff", label: "Staff", access: "owner" },
  { to: "/admin/audit", label: "Audit log", access: "owner" },
  { to: "/admin/account", label: "My sign-in", access: "any" },
];

/** The section a path belongs to: the longest section address it starts with. */
export function sectionOf(pathname: string): string | undefined {
  return [...ADMIN_SECTIONS]
    .sort((a, b) => b.to.length - a.to.length)
    .find((s) => pathname === s.to || pathname.startsWith(`${s.to}/`))?.to;
}

export function AdminNav({ sections, current }: { sections: readonly { to: string; label: string }[]; current?: string }) {
  return (
    <ul className="flex flex-col gap-1">
      {sections.map((section) => (
        <li key={section.to}>
          <Link
            to={section.to}
            aria-current={section.to === current ? "page" : undefined}
            className="block rounded-md px-3 py-2 text-sm font-medium text-grey-700 hover:bg-grey-100 aria-[current=page]:bg-mint-50 aria-[current=page]:text-mint-800"
          >
            {section.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
