import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";

/**
 * Categories as chips, each a link to its listing (the shop's by default); `first` goes before
 * them (an "Everything" chip); `current` is marked as the page the visitor is on.
 */
export function CategoryChips({
  categories,
  first,
  className = "mt-4",
  hrefFor = (slug) => `/shop/${slug}`,
  current,
}: {
  categories: readonly { slug: string; name: string }[];
  first?: ReactNode;
  className?: string;
  hrefFor?: (slug: string) => string;
  current?: string;
}) {
  return (
    <ul className={`${className} flex flex-wrap gap-2`} aria-label="Categories">
      {first && <li>{first}</li>}
      {categories.map((c) => (
        <li key={c.slug}>
          <Link to={hrefFor(c.slug)} className="chip" aria-current={c.slug === current ? "page" : undefined}>
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
