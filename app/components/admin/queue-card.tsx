import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";

/** One of the dashboard's queues: what needs a person, its first rows, and how many in all. */
export function QueueCard({
  title,
  total,
  rows,
  more,
}: {
  title: string;
  total: number;
  rows: readonly { key: string; main: ReactNode; detail?: ReactNode; figure?: ReactNode; note?: ReactNode }[];
  more?: { to: string; label: string };
}) {
  return (
    <section className="rounded-lg border border-grey-200 bg-white p-4">
      <h3 className="flex items-baseline justify-between gap-2 text-sm font-semibold">
        {title}
        <span className="rounded-full bg-grey-100 px-2 py-0.5 text-xs font-medium text-grey-700">{total}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-grey-600">Nothing here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-grey-100 text-sm">
          {rows.map((row) => (
            <li key={row.key} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
              <span className="min-w-0">
                <span className="font-medium">{row.main}</span>{" "}
                {row.detail && <span className="text-grey-600">{row.detail}</span>}
              </span>
              <span className="text-right">
                {row.figure}
                {row.note && <span className="block text-xs text-grey-600">{row.note}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more && total > rows.length && (
        <p className="mt-2 text-sm">
          <Link to={more.to} className="text-link">
            {more.label}
          </Link>
        </p>
      )}
    </section>
  );
}
