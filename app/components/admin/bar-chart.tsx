import type { ReactNode } from "react";

/** A series of a bar chart: its name, and the Tailwind fill class its bars are drawn in. */
export interface ChartSeries {
  label: string;
  fill: string;
}

/** One place on the chart's axis (a day, a week) and its value in each series, in the series' order. */
export interface ChartBar {
  key: string;
  label: string;
  values: readonly number[];
}

/**
 * Bars drawn on the server as SVG (ADR 58): no charting library, nothing to load or hydrate, it
 * prints. One bar per place for one series, side by side for several (with a legend). The figures
 * are also a table for screen readers and for anyone who wants them. The dashboard's revenue and
 * the newsletter's weeks (ADR 77) both draw with this.
 */
export function BarChart({
  title,
  note,
  columnHeading,
  series,
  bars,
  format = (value) => value.toLocaleString("en"),
}: {
  title: string;
  /** Said beside the title (a total, say). */
  note?: ReactNode;
  /** The table's heading of the places' column ("Day", "Week of"). */
  columnHeading: string;
  series: readonly ChartSeries[];
  bars: readonly ChartBar[];
  format?: (value: number) => string;
}) {
  const width = 600;
  const height = 160;
  const top = Math.max(...bars.flatMap((bar) => bar.values), 1);
  const slot = width / Math.max(bars.length, 1);
  const barWidth = (slot * 0.7) / Math.max(series.length, 1);
  return (
    <figure className="rounded-lg border border-grey-200 bg-white p-4">
      <figcaption className="text-sm font-semibold">
        {title} {note && <span className="font-normal text-grey-600">{note}</span>}
      </figcaption>
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-3 text-xs text-grey-700" aria-hidden="true">
          {series.map((one) => (
            <li key={one.label} className="flex items-center gap-1">
              <svg viewBox="0 0 10 10" className="h-2.5 w-2.5">
                <rect width="10" height="10" className={one.fill} />
              </svg>
              {one.label}
            </li>
          ))}
        </ul>
      )}
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="mt-3 h-40 w-full" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-grey-300" strokeWidth="1" />
        {bars.map((bar, i) =>
          series.map((one, s) => {
            const value = bar.values[s] ?? 0;
            const barHeight = Math.round((value / top) * (height - 8));
            return (
              <rect
                key={`${bar.key}-${one.label}`}
                x={i * slot + slot * 0.15 + s * barWidth}
                y={height - barHeight}
                width={barWidth}
                height={barHeight}
                className={one.fill}
              >
                <title>{`${bar.label}${series.length > 1 ? `, ${one.label}` : ""}: ${format(value)}`}</title>
              </rect>
            );
          }),
        )}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-grey-600" aria-hidden="true">
        <span>{bars[0]?.label}</span>
        <span>{bars.at(-1)?.label}</span>
      </div>
      {/* Hidden in a box of its own: a table hidden itself keeps its width and widens the page. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columnHeading}</th>
              {series.map((one) => (
                <th key={one.label} scope="col">
                  {one.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.key}>
                <td>{bar.label}</td>
                {series.map((one, s) => (
                  <td key={one.label}>{format(bar.values[s] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
