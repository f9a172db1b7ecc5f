import { formatMoney } from "~/lib/money";
import { BarChart } from "./bar-chart";

/** Daily revenue as bars (ADR 58), the dashboard's chart: the back office's one bar chart, with one series. */
export function RevenueChart({ days, currency }: { days: readonly { date: string; revenue: number }[]; currency: string }) {
  const money = (cents: number) => formatMoney(cents, currency);
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <BarChart
      title={`Revenue per day, last ${days.length} days`}
      note={`(${money(total)} in all)`}
      columnHeading="Day"
      series={[{ label: "Revenue", fill: "fill-mint-500" }]}
      bars={days.map((day) => ({ key: day.date, label: day.date, values: [day.revenue] }))}
      format={money}
    />
  );
}
