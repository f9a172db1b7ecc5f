import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { sortHref, sortState } from "./list-href";

/** A column heading that sorts the list by it (a link: the sort is part of the address). */
export function SortHeader({
  path,
  search,
  column,
  byDefault,
  className,
  children,
}: {
  path: string;
  search: string;
  column: string;
  byDefault?: string;
  className?: string;
  children: ReactNode;
}) {
  const state = sortState(search, column, byDefault);
  return (
    <th scope="col" aria-sort={state} className={className}>
      <Link to={sortHref(path, search, column, byDefault)} className="inline-flex items-center gap-1 hover:underline">
        {children}
        <span aria-hidden="true">{state === "ascending" ? "↑" : state === "descending" ? "↓" : "↕"}</span>
      </Link>
    </th>
  );
}
