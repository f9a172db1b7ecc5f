import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/media-item";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { sizeText } from "~/lib/file-size";
import { formContents } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";
import { UPLOAD_KINDS, imageUrl } from "../../../server/modules/media/shared.ts";
import { MEDIA_FILE_FIELD } from "../../../server/modules/media-library/shared.ts";

/*
 * One image of the media library (issue 26 §2, ADR 78): where it is shown, its description (with
 * the image's version: a stale page gets 409), a new file in its place (every use shows it at
 * once), and deletion, refused while anything shows it.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.item.name ?? "Image"} · Media library · Back office` },
];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  if (!/^\d{1,10}$/.test(params.id)) throw data(null, { status: 404 });
  const item = await context.services.mediaLibrary.item(context, Number(params.id)).catch((error: unknown) => {
    if ((error as { code?: string }).code === "ENTRY_NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  });
  return { item };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  const staff = staffScope(context);
  const library = context.services.mediaLibrary;
  const input = { ...fields, id: params.id };
  try {
    switch (fields.intent) {
      case "alt":
        await library.editAlt(staff, input);
        return { ok: true as const, message: "Description saved." };
      case "replace":
        await library.replace(staff, input, form.get(MEDIA_FILE_FIELD));
        return { ok: true as const, message: "File replaced: every place that shows the image shows the new one." };
      case "delete":
        await library.remove(staff, input);
        return redirect("/admin/media?deleted=1");
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "media", entityId: params.id, unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

const MAX_MB = UPLOAD_KINDS.library.maxBytes / 1024 / 1024;

export default function AdminMediaItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state !== "idle";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const intent = failure?.values.intent;
  const error = (name: string, of: string) => (intent === of ? failure?.fieldErrors[name] : undefined);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/media" className="text-link">
            Media library
          </Link>
        </p>
        <h1 className="break-all text-2xl font-bold tracking-tight">{item.name}</h1>
      </div>
      <FormNotices
        message={message}
        failure={failure}
        shown={intent === "alt" ? ["alt"] : intent === "replace" ? [MEDIA_FILE_FIELD] : []}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <img
          src={imageUrl("logo", 640, item.src)}
          srcSet={`${imageUrl("logo", 640, item.src)} 640w, ${imageUrl("logo", 1200, item.src)} 1200w`}
          sizes="(min-width: 768px) 50vw, 100vw"
          alt={item.alt}
          width={640}
          height={640}
          className="aspect-square w-full rounded-lg bg-grey-100 object-contain"
        />
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-grey-600">Size</dt>
            <dd>
              {item.width > 0 ? `${item.width} × ${item.height} px, ` : ""}
              {sizeText(item.size)}
            </dd>
            <dt className="text-grey-600">Uploaded</dt>
            <dd>{new Date(item.createdAt).toLocaleDateString("en-GB", { dateStyle: "medium", timeZone: "UTC" })}</dd>
          </dl>
          <section aria-labelledby="uses-title">
            <h2 id="uses-title" className="text-sm font-semibold">
              Where it is shown
            </h2>
            {item.uses.length === 0 ? (
              <p className="text-sm text-grey-700">Nowhere: it can be deleted.</p>
            ) : (
              <ul className="mt-1 list-disc pl-5 text-sm" data-testid="media-uses">
                {item.uses.map((use) => (
                  <li key={`${use.kind}-${use.id}`}>
                    <Link to={use.href} className="text-link">
                      {use.label}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <Panel title="Description (alt text)">
        <Form method="post" className="flex flex-col gap-3 sm:max-w-lg" noValidate>
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="version" value={item.version} />
          <TextField
            label="Description"
            name="alt"
            required
            maxLength={200}
            defaultValue={intent === "alt" ? failure?.values.alt : item.alt}
            hint="What the image shows, for those who cannot see it. Covers and pages show it at once; a product gallery's own text for this image changes too unless it was written there."
            error={error("alt", "alt")}
          />
          <div>
            <button type="submit" className="button-primary" disabled={busy}>
              Save description
            </button>
          </div>
        </Form>
      </Panel>

      <Panel title="Replace the file">
        <Form
          key={item.version}
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-3 sm:max-w-lg"
          noValidate
        >
          <input type="hidden" name="intent" value="replace" />
          <input type="hidden" name="version" value={item.version} />
          <TextField
            label="New file"
            name={MEDIA_FILE_FIELD}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hint={`JPEG, PNG or WebP, up to ${MAX_MB} MB. Every place listed above shows the new file at once; the description stays.`}
            error={error(MEDIA_FILE_FIELD, "replace")}
          />
          <div>
            <button type="submit" className="button-secondary" disabled={busy}>
              Replace file
            </button>
          </div>
        </Form>
      </Panel>

      <Panel title="Delete">
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="version" value={item.version} />
          <p className="text-sm text-grey-700">
            {item.uses.length === 0
              ? "Nothing shows this image: deleting it removes it from the library for good."
              : "An image that is shown somewhere cannot be deleted: take it out of the places above first, or replace its file."}
          </p>
          <div>
            <button type="submit" className="button-danger" disabled={busy}>
              Delete image
            </button>
          </div>
        </Form>
      </Panel>
    </div>
  );
}
