import type { ReactNode } from "react";
import { Pager } from "./pager";

/**
 * A back-office list under its filters: what was wrong with the address's filters, or the table
 * (its head and rows are the page's) with the pages under it.
 */
export function ListResult({
  path,
  search,
  error,
  list,
  noun,
  children,
}: {
  path: string;
  search: string;
  error: string | null;
  list: { page: number; pages: number; total: number } | null;
  noun: string;
  children: ReactNode;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {list && (
        <>
          <div className="overflow-x-auto rounded-lg border border-grey-200 bg-white">
            <table className="admin-table w-full text-left text-sm">{children}</table>
          </div>
          <Pager path={path} search={search} page={list.page} pages={list.pages} total={list.total} noun={noun} />
        </>
      )}
    </>
  );
}

/** The one row of a list's table when nothing matches: `columns` wide, saying so. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="text-grey-600">
        {children}
      </td>
    </tr>
  );
}
