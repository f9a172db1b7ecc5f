import { useLocation } from "react-router";
import type { Route } from "./+types/newsletter";
import { BarChart } from "~/components/admin/bar-chart";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { listHref } from "~/components/admin/list-href";
import { EmptyRow, ListResult } from "~/components/admin/list-result";
import { SortHeader } from "~/components/admin/sort-header";
import { Link } from "~/components/ui/link";
import { listFailure } from "~/lib/admin-lists.server";
import { calendarDate } from "~/lib/dates";
import type { RouteHandle } from "~/lib/route-handle";
import { SUBSCRIBER_STATUS_WORDS, SUBSCRIBER_STATUSES, SUBSCRIBER_WEEKS } from "../../../server/modules/newsletter/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The newsletter's list (issue 26 §5, ADR 77): how many addresses are confirmed, waiting and
 * unsubscribed, confirmations and unsubscribes per week, and the subscribers themselves, searched,
 * filtered and sorted in the address. The shop sends no campaigns: the confirmed addresses are
 * exported for the shop's mailing tool. Marketing, so the content scope's (editors and the owner).
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = () => [{ title: "Newsletter · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { newsletter } = context.services;
  const [totals, weeks] = await Promise.all([newsletter.totals(context), newsletter.weeks(context)]);
  try {
    return { totals, weeks, list: await newsletter.subscribers(context, new URL(request.url).searchParams), error: null };
  } catch (error) {
    return { totals, weeks, list: null, error: listFailure(error) };
  }
}

const STATUS_OPTIONS = SUBSCRIBER_STATUSES.map((value) => ({ value, label: SUBSCRIBER_STATUS_WORDS[value] }));
const PATH = "/admin/newsletter";

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const value = (name: string) => params.get(name) ?? "";
  const { totals, weeks, list, error } = loaderData;
  const rows = list?.rows ?? [];
  const inWeeks = (pick: (week: (typeof weeks)[number]) => number) => weeks.reduce((sum, week) => sum + pick(week), 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight">Newsletter</h1>
        {/* A document request (data-reload): the file downloads, or the code is asked for first. */}
        <a className="button-secondary" href="/admin/newsletter/export.csv" data-reload>
          Export confirmed (CSV)
        </a>
      </div>
      <p className="max-w-prose text-sm text-grey-700">
        The shop sends no newsletters itself. Export the confirmed subscribers and import them into your mailing tool. Each
        address comes with its own unsubscribe link: use it as the unsubscribe link of every mail you send, so that an unsubscribe
        reaches this list. The export asks for your code again when you last gave it more than 10 minutes ago, and is recorded in
        the audit log.
      </p>

      <section aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="sr-only">
          Subscribers now
        </h2>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {[...SUBSCRIBER_STATUSES, "all" as const].map((status) => (
            <li key={status} className="rounded-lg border border-grey-200 bg-white p-4" data-testid={`total-${status}`}>
              <Link
                to={listHref(PATH, "", { status: status === "all" ? null : status })}
                className="text-sm font-semibold text-link"
              >
                {status === "all" ? "All addresses" : SUBSCRIBER_STATUS_WORDS[status]}
              </Link>
              <p className="mt-1 text-2xl font-bold">{totals[status].toLocaleString("en")}</p>
            </li>
          ))}
        </ul>
      </section>

      <BarChart
        title={`Confirmations and unsubscribes per week, last ${SUBSCRIBER_WEEKS} weeks`}
        note={`(${inWeeks((w) => w.confirmed).toLocaleString("en")} confirmed, ${inWeeks((w) => w.unsubscribed).toLocaleString("en")} unsubscribed, ${inWeeks((w) => w.signedUp).toLocaleString("en")} new sign-ups)`}
        columnHeading="Week of"
        series={[
          { label: "Confirmed", fill: "fill-mint-500" },
          { label: "Unsubscribed", fill: "fill-grey-400" },
        ]}
        bars={weeks.map((week) => ({
          key: week.week,
          label: calendarDate(`${week.week}T00:00:00Z`),
          values: [week.confirmed, week.unsubscribed],
        }))}
      />

      <section aria-labelledby="subscribers-heading" className="flex flex-col gap-4">
        <h2 id="subscribers-heading" className="text-lg font-semibold">
          Subscribers
        </h2>
        <FilterForm key={search} label="Find subscribers">
          <FilterInput label="E-mail address" name="q" type="search" value={value("q")} />
          <FilterSelect label="Status" name="status" value={value("status")} options={STATUS_OPTIONS} />
          {params.get("sort") && <input type="hidden" name="sort" value={value("sort")} />}
          {params.get("dir") && <input type="hidden" name="dir" value={value("dir")} />}
        </FilterForm>
        <ListResult path={PATH} search={search} error={error} list={list} noun="addresses">
          <thead>
            <tr>
              <SortHeader path={PATH} search={search} column="email" byDefault="signup">
                E-mail
              </SortHeader>
              <th scope="col">Status</th>
              <th scope="col">Source</th>
              <SortHeader path={PATH} search={search} column="signup" byDefault="signup">
                Signed up
              </SortHeader>
              <SortHeader path={PATH} search={search} column="confirmed" byDefault="signup">
                Confirmed
              </SortHeader>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={5}>No addresses match.</EmptyRow>}
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.email}</td>
                <td>
                  {SUBSCRIBER_STATUS_WORDS[row.status]}
                  {row.linkExpired && <span className="block text-xs text-grey-600">link expired</span>}
                  {row.status === "unsubscribed" && row.unsubscribedAt && (
                    <span className="block text-xs text-grey-600">{calendarDate(row.unsubscribedAt)}</span>
                  )}
                </td>
                <td>{row.source}</td>
                <td className="whitespace-nowrap">{calendarDate(row.signedUpAt)}</td>
                <td className="whitespace-nowrap">{row.confirmedAt ? calendarDate(row.confirmedAt) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </ListResult>
      </section>
    </div>
  );
}
