import { useEffect, useRef } from "react";
import { data, redirect, useLocation, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/import";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Link } from "~/components/ui/link";
import { staffScope } from "~/lib/admin-actions.server";
import { formFields, formFailure } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import type { ImportDetail, ImportLine } from "../../../server/modules/catalogue-import/index.ts";
import {
  IMPORT_PHASE_WORDS,
  IMPORT_STATUS_WORDS,
  importRunning,
  OUTCOME_WORDS,
} from "../../../server/modules/catalogue-import/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * One import (ADR 70, ADR 72). While its dry run or apply runs, a progress bar (lines or rows done
 * of all) that follows the job: looked at again every second with JavaScript, a refresh without.
 * Then its preview, line by line (what each would create or change, field by
 * field, or why it is refused), filtered by outcome, 100 lines a page; "Apply" writes it in one
 * transaction, "Undo" puts back what it changed while nothing has changed those records since.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Import ${data ? `#${data.detail.id}` : ""} · Back office` }];

export async function loader({ request, params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const search = Object.fromEntries(new URL(request.url).searchParams);
  const detail = await context.services.catalogueImport.importDetail(context, params.id, search).catch((error: unknown) => {
    const failed = error as { code?: string; field?: string };
    // No such import, or an address that names none ("/admin/imports/abc"): not found.
    if (failed.code === "IMPORT_NOT_FOUND" || (failed.code === "INVALID_INPUT" && !failed.field))
      throw data(null, { status: 404 });
    // A filter or page the page never links to ("?page=0"): the request is wrong.
    if (failed.code === "INVALID_INPUT") throw data(null, { status: 400 });
    throw error;
  });
  return { detail };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const imports = context.services.catalogueImport;
  try {
    if (fields.intent === "apply") {
      // The job applies it; the page shows its progress, then what it made and changed.
      await imports.startApply(staffScope(context), params.id);
      return redirect(`/admin/imports/${params.id}`, 303);
    }
    if (fields.intent === "undo") {
      await imports.undo(staffScope(context), params.id);
      return { ok: true as const, message: "Undone: the catalogue is as it was before this import." };
    }
    throw data(null, { status: 400 });
  } catch (error) {
    return formFailure(error, fields);
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** Seconds between two looks at a job under way. */
const LOOK_AGAIN_SECONDS = 1;

/** The job under way: its step and a bar of rows done of all (none while the count is not known). */
function JobProgress({ detail }: { detail: ImportDetail }) {
  const { revalidate, state } = useRevalidator();
  // With JavaScript the page's data is read again in place; without, the <noscript> refresh reloads it.
  useEffect(() => {
    if (state !== "idle") return;
    const timer = window.setTimeout(() => void revalidate(), LOOK_AGAIN_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [detail, state, revalidate]);
  const { phase, done, total } = detail.progress;
  const words = phase ? IMPORT_PHASE_WORDS[phase] : "Waiting to start";
  const of =
    total > 0
      ? ` · ${done.toLocaleString("en")} of ${total.toLocaleString("en")}`
      : done > 0
        ? ` · ${done.toLocaleString("en")} lines`
        : "";
  return (
    <section
      aria-labelledby="import-progress"
      className="flex flex-col gap-2 rounded-lg border border-grey-200 p-4"
      data-testid="import-progress"
    >
      <noscript>
        <meta httpEquiv="refresh" content={String(LOOK_AGAIN_SECONDS)} />
      </noscript>
      <h2 id="import-progress" className="font-semibold">
        {detail.status === "applying" ? "Applying the import" : "Dry run"}
      </h2>
      <label htmlFor="import-progress-bar" className="text-sm">
        {words}
        {of}
      </label>
      {total > 0 ? (
        <progress id="import-progress-bar" className="w-full" max={total} value={done} />
      ) : (
        <progress id="import-progress-bar" className="w-full" />
      )}
      <p className="text-sm text-grey-600">
        This page follows the import by itself; you may also leave it and come back.{" "}
        <Link to={`/admin/imports/${detail.id}`} className="text-link">
          Look again
        </Link>
      </p>
    </section>
  );
}

function appliedMessage(counts: Record<string, number>): string {
  return `Applied: ${plural(counts.newProducts ?? 0, "product")} and ${plural(counts.newOptions ?? 0, "option")} made, ${plural(counts.changedProducts ?? 0, "product")} and ${plural(counts.changedOptions ?? 0, "option")} changed. The shop shows them now.`;
}

const FILTERS = [
  { value: "", label: "All lines" },
  { value: "refused", label: "Refused" },
  { value: "create", label: "Created" },
  { value: "change", label: "Changed" },
  { value: "same", label: "Unchanged" },
] as const;

function LineWhat({ line }: { line: ImportLine }) {
  if (line.outcome === "refused") {
    return (
      <ul className="list-disc pl-4 text-red-700">
        {line.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    );
  }
  if (line.changes.length === 0) return <span className="text-grey-600">{line.outcome === "create" ? "New" : "—"}</span>;
  return (
    <ul>
      {line.changes.map((change) => (
        <li key={change.field}>
          {change.field}: <span className="text-grey-600 line-through">{change.from || "(empty)"}</span> →{" "}
          {change.to || "(empty)"}
        </li>
      ))}
    </ul>
  );
}

export default function Import({ loaderData, actionData }: Route.ComponentProps) {
  const { detail } = loaderData;
  const { search, pathname } = useLocation();
  const failure = failureOf(actionData);
  const running = importRunning(detail.status);
  const message =
    actionData && "message" in actionData
      ? actionData.message
      : detail.status === "applied" && detail.applied
        ? appliedMessage(detail.applied)
        : null;
  const busy = useNavigation().state !== "idle";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const { counts } = detail;
  const outcome = new URLSearchParams(search).get("outcome") ?? "";
  const pageHref = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("page", String(n));
    return `${pathname}?${next}`;
  };
  return (
    <div ref={page} className="flex flex-col gap-5">
      <div>
        <p className="text-sm">
          <Link to="/admin/imports" className="text-link">
            All imports
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">
          Import #{detail.id}: {detail.fileName}
        </h1>
        <p className="text-sm text-grey-600" data-testid="import-status">
          {IMPORT_STATUS_WORDS[detail.status]}
          {detail.by ? ` · uploaded by ${detail.by}` : ""}
        </p>
      </div>
      <FormNotices message={message} failure={failure} shown={[]} />
      {detail.error && !running && (
        <p role="alert" className="form-error" data-testid="import-error">
          {detail.status === "failed" ? "The dry run failed: " : "Applying failed, nothing was written: "}
          {detail.error}
        </p>
      )}
      {running && <JobProgress detail={detail} />}
      {detail.status === "failed" && (
        <p className="text-sm">
          <Link to="/admin/imports" className="text-link">
            Upload a file again
          </Link>
        </p>
      )}
      {!running && detail.status !== "failed" && (
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="import-counts">
          {(["create", "change", "same", "refused"] as const).map((key) => (
            <div key={key} className="rounded-md border border-grey-200 p-2">
              <dt className="text-grey-600">{OUTCOME_WORDS[key]}</dt>
              <dd className="text-lg font-semibold">{counts[key] ?? 0}</dd>
            </div>
          ))}
        </dl>
      )}
      {detail.status === "previewed" && (
        <form method="post" className="flex flex-col gap-2 rounded-lg border border-grey-200 p-4">
          <input type="hidden" name="intent" value="apply" />
          <p className="text-sm">
            Applying makes {counts.newProducts ?? 0} products and {counts.newOptions ?? 0} options, and changes{" "}
            {counts.changedProducts ?? 0} products and {counts.changedOptions ?? 0} options, all at once.
            {(counts.refused ?? 0) > 0 &&
              ` The ${counts.refused} refused lines are left out: fix them in the file and import it again.`}
          </p>
          <button type="submit" className="button-primary self-start" disabled={busy}>
            Apply the import
          </button>
        </form>
      )}
      {detail.status === "applied" && (
        <form method="post" className="flex flex-col gap-2 rounded-lg border border-grey-200 p-4">
          <input type="hidden" name="intent" value="undo" />
          <p className="text-sm">
            Undo deletes what this import made and puts back what it changed, as long as nothing has changed those products and
            options since.
          </p>
          <button type="submit" className="button-secondary self-start" disabled={busy}>
            Undo this import
          </button>
        </form>
      )}
      {!running && detail.status !== "failed" && (
        <section aria-labelledby="import-lines" className="flex flex-col gap-2">
          <h2 id="import-lines" className="text-lg font-semibold">
            Lines
          </h2>
          <form method="get" className="flex flex-wrap items-end gap-2 text-sm">
            <label htmlFor="import-outcome">Show</label>
            <select
              id="import-outcome"
              name="outcome"
              defaultValue={outcome}
              className="rounded-md border border-grey-300 px-2 py-1"
            >
              {FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </select>
            <button type="submit" className="button-secondary">
              Show
            </button>
          </form>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Handle</th>
                  <th scope="col">SKU</th>
                  <th scope="col">What</th>
                </tr>
              </thead>
              <tbody>
                {detail.lines.map((line) => (
                  <tr key={line.line} className="border-t border-grey-200 align-top" data-testid="import-line">
                    <td>{line.line}</td>
                    <td>{OUTCOME_WORDS[line.outcome]}</td>
                    <td className="break-all">{line.handle}</td>
                    <td className="break-all">{line.sku}</td>
                    <td>
                      <LineWhat line={line} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-sm text-grey-600">
            {detail.total} lines · page {detail.page} of {detail.pages}
          </p>
          <nav aria-label="Pages of lines" className="flex gap-3 text-sm">
            {detail.page > 1 && (
              <Link to={pageHref(detail.page - 1)} className="text-link">
                Previous page
              </Link>
            )}
            {detail.page < detail.pages && (
              <Link to={pageHref(detail.page + 1)} className="text-link">
                Next page
              </Link>
            )}
          </nav>
        </section>
      )}
    </div>
  );
}
