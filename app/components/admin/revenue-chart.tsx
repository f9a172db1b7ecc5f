import { formatMoney } from "~/lib/money";

/**
 * Daily revenue as bars, drawn on the server as SVG (ADR 58): no charting library, nothing to
 * load, printable. The figures are also a table for screen readers and for anyone who wants them.
 */
export function RevenueChart({ days, currency }: { days: readonly { date: string; revenue: number }[]; currency: string }) {
  const width = 600;
  const height = 160;
  const top = Math.max(...days.map((day) => day.revenue), 1);
  const slot = width / Math.max(days.length, 1);
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <figure className="rounded-lg border border-grey-200 bg-white p-4">
      <figcaption className="text-sm font-semibold">
        Revenue per day, last {days.length} days{" "}
        <span className="font-normal text-grey-600">({formatMoney(total, currency)} in all)</span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="mt-3 h-40 w-full" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-grey-300" strokeWidth="1" />
        {days.map((day, i) => {
          const barHeight = Math.round((day.revenue / top) * (height - 8));
          return (
            <rect
              key={day.date}
              x={i * slot + slot * 0.15}
              y={height - barHeight}
              width={slot * 0.7}
              height={barHeight}
              className="fill-mint-500"
            >
              <title>{`${day.date}: ${formatMoney(day.revenue, currency)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-grey-600" aria-hidden="true">
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </div>
      <table className="sr-only">
        <caption>Revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{day.date}</td>
              <td>{formatMoney(day.revenue, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
