import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/media";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { MediaUpload } from "~/components/admin/media-upload";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formContents } from "~/lib/forms.server";
import { sizeText } from "~/lib/file-size";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";
import { imageUrl } from "../../../server/modules/media/shared.ts";
import { MEDIA_FILES_FIELD, type MediaFilter } from "../../../server/modules/media-library/shared.ts";

/*
 * The media library (issue 26 §2, ADR 78): every uploaded image with its description, size and
 * uses; upload several at once (a plain multipart form; with JavaScript one request a file, each
 * with its progress); each image's own page changes its text, replaces its file or deletes it.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = () => [{ title: "Media library · Back office" }];

export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const params = new URL(request.url).searchParams;
  const library = await context.services.mediaLibrary.list(context, Object.fromEntries(params));
  return { library, deleted: params.has("deleted") };
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  try {
    if (fields.intent !== "upload") throw new Response(null, { status: 400 });
    const added = await context.services.mediaLibrary.upload(staffScope(context), fields, form.getAll(MEDIA_FILES_FIELD));
    return { ok: true as const, message: `${plural(added.length, "image")} added to the library.` };
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusedForm(context, error, fields, { entityType: "media", entityId: "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

const FILTER_LABELS: Record<MediaFilter, string> = {
  all: "All images",
  unused: "Not used anywhere",
  "no-alt": "Without a description",
};

export default function AdminMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { library, deleted } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : deleted ? "Image deleted." : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (library.q) params.set("q", library.q);
    if (library.filter !== "all") params.set("filter", library.filter);
    if (to > 1) params.set("page", String(to));
    const query = params.toString();
    return query ? `/admin/media?${query}` : "/admin/media";
  };
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Media library</h1>
        <p className="text-sm text-grey-600">
          Every image uploaded to the shop: product galleries, category pictures, brand logos, news covers and pages&rsquo;
          pictures. Customers&rsquo; profile pictures are private to them and never shown here.
        </p>
      </div>
      <FormNotices message={message} failure={failure} shown={[MEDIA_FILES_FIELD, "alt"]} />
      <MediaUpload failure={failure} busy={busy} done={message} />

      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <div className="field min-w-0 flex-1">
          <label htmlFor="media-q">Search</label>
          <input id="media-q" name="q" type="search" defaultValue={library.q} placeholder="Name or description" />
        </div>
        <div className="field">
          <label htmlFor="media-filter">Show</label>
          <select
            id="media-filter"
            name="filter"
            defaultValue={library.filter}
            className="rounded-md border border-grey-500 px-3 py-2"
          >
            {(Object.keys(FILTER_LABELS) as MediaFilter[]).map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button-secondary">
          Show
        </button>
      </Form>

      <p className="text-sm text-grey-600">{plural(library.total, "image")}</p>
      {library.items.length === 0 ? (
        <p className="text-sm">No images here yet.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Images">
          {library.items.map((item) => (
            <li key={item.id} className="flex min-w-0 flex-col gap-1 rounded-lg border border-grey-200 bg-white p-2 text-sm">
              <img
                src={imageUrl("logo", 240, item.src)}
                alt=""
                width={240}
                height={240}
                loading="lazy"
                className="aspect-square w-full rounded bg-grey-100 object-contain"
              />
              <Link to={`/admin/media/${item.id}`} className="text-link break-all font-medium">
                {item.name}
              </Link>
              <span className={item.alt ? "line-clamp-2 text-grey-700" : "text-amber-800"}>{item.alt || "No description"}</span>
              <span className="text-grey-600">
                {item.width > 0 ? `${item.width} × ${item.height} px · ` : ""}
                {sizeText(item.size)}
              </span>
              <span className="text-grey-600">
                {item.uses.length === 0 ? "Not used" : `Used in ${plural(item.uses.length, "place")}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {library.pages > 1 && (
        <nav aria-label="Pages" className="flex flex-wrap gap-4 text-sm">
          {library.page > 1 && (
            <Link to={pageLink(library.page - 1)} className="text-link">
              Newer images
            </Link>
          )}
          <span>
            Page {library.page} of {library.pages}
          </span>
          {library.page < library.pages && (
            <Link to={pageLink(library.page + 1)} className="text-link">
              Older images
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
