import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";

/** The shop's categories as chips, each a link to its listing; `first` goes before them (an "Everything" chip). */
export function CategoryChips({
  categories,
  first,
  className = "mt-4",
}: {
  categories: readonly { slug: string; name: string }[];
  first?: ReactNode;
  className?: string;
}) {
  return (
    <ul className={`${className} flex flex-wrap gap-2`} aria-label="Categories">
      {first && <li>{first}</li>}
      {categories.map((c) => (
        <li key={c.slug}>
          <Link to={`/shop/${c.slug}`} className="chip">
            {c.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
