import { useRef } from "react";
import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/imports";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Link } from "~/components/ui/link";
import { staffScope } from "~/lib/admin-actions.server";
import { formContents, formFailure } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { IMPORT_STATUS_WORDS } from "../../../server/modules/catalogue-import/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The catalogue's CSV import (issue 25 §3, ADR 70): upload a file, and its preview opens (what
 * each line would create, change or why it is refused); the recent imports with their state.
 * The file's columns are the products CSV export's.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "Imports · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { catalogueImport } = context.services;
  return { imports: await catalogueImport.recentImports(context), maxMb: Math.floor(catalogueImport.maxBytes / 1024 / 1024) };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  try {
    const file = form.get("file");
    const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
    const name = file instanceof File ? file.name : "";
    // The file is stored and its dry run starts; its page shows the progress, then the preview.
    const { id } = await context.services.catalogueImport.upload(staffScope(context), { name, bytes });
    return redirect(`/admin/imports/${id}`);
  } catch (error) {
    return formFailure(error, fields);
  }
}

const dateTime = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export default function Imports({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Imports</h1>
        <p className="mt-1 text-sm text-grey-600">
          Create and change products from a spreadsheet. Start from the{" "}
          <a className="text-link" href="/admin/products/export.csv" data-reload>
            products CSV
          </a>
          : one line per option, found by its Handle and SKU. A column you leave out stays as it is. Nothing changes until you
          apply the preview, and an applied import can be undone.
        </p>
      </div>
      <FormNotices message={null} failure={failure} shown={[]} />
      <form
        method="post"
        encType="multipart/form-data"
        className="flex max-w-xl flex-col gap-3 rounded-lg border border-grey-200 p-4"
      >
        <label htmlFor="import-file" className="font-medium">
          CSV file (UTF-8, at most {loaderData.maxMb} MB)
        </label>
        <input id="import-file" name="file" type="file" accept=".csv,text/csv" required className="text-sm" />
        <button type="submit" className="button-primary self-start" disabled={busy}>
          {busy ? "Reading the file…" : "Preview the import"}
        </button>
      </form>
      <section aria-labelledby="recent-imports">
        <h2 id="recent-imports" className="text-lg font-semibold">
          Recent imports
        </h2>
        {loaderData.imports.length === 0 ? (
          <p className="mt-2 text-sm text-grey-600">No import yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-grey-200 rounded-lg border border-grey-200">
            {loaderData.imports.map((item) => (
              <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
                <Link to={`/admin/imports/${item.id}`} className="text-link font-medium">
                  #{item.id} {item.fileName}
                </Link>
                <span className="text-grey-600">
                  {IMPORT_STATUS_WORDS[item.status]}
                  {item.status === "previewing" || item.status === "failed"
                    ? ""
                    : ` · ${item.counts.create ?? 0} to create, ${item.counts.change ?? 0} to change, ${item.counts.refused ?? 0} refused`}{" "}
                  · {dateTime(item.createdAt)}
                  {item.by ? ` by ${item.by}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
