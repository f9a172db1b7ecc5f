import { useRef } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/news-edit";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { DescriptionField } from "~/components/admin/product-editor/description-field";
import { Choice, ChoiceGroup, SelectField, TextAreaField } from "~/components/admin/product-editor/fields";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formContents } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { imageUrl } from "../../../server/modules/media/shared.ts";
import { newsEditorPath, NEWS_STATUS_WORDS } from "../../../server/modules/news-editor/shared.ts";
import { SHOP_TIME_ZONE } from "../../../server/modules/product-editor/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A post in the editor (issue 26 §1, ADR 75): /admin/news/new and /admin/news/{id}. One form for
 * its fields and its place on the site (draft, publish now, schedule); small forms to unpublish,
 * delete a draft or archive a published post, restore an archived one, and make a preview link.
 * Each carries the post's version: a page read before another change is refused (409), saying who
 * changed it, with what was typed kept. The text's preview is the site's own rendering.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.post?.title ?? "New post"} · News · Back office` },
];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const editor = context.services.newsEditor;
  const categories = await editor.categories(context);
  if (params.id === undefined) return { post: null, categories };
  const post = await editor.post(context, params.id).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "ENTRY_NOT_FOUND" || code === "INVALID_INPUT") throw data(null, { status: 404 });
    throw error;
  });
  return { post, categories };
}

const DONE: Readonly<Record<string, string>> = {
  unpublished: "Unpublished: it is a draft again, off the site.",
  archived: "Archived: it is off the site, and kept with its addresses and history.",
  restored: "Restored as a draft.",
};

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  const editor = context.services.newsEditor;
  const staff = staffScope(context);
  const intent = fields.intent ?? "";
  const none = { preview: null, values: null, link: null };
  try {
    switch (intent) {
      case "preview":
        return { ok: true as const, message: null, ...none, preview: editor.preview(fields.body ?? ""), values: fields };
      case "save": {
        const newCover = await editor.storeCover(form.get("coverFile"));
        const input = { ...fields, coverId: fields.removeCover ? "" : fields.coverId };
        const saved = await editor.save(staff, params.id ?? null, input, { checkVideos: true, newCover: newCover ?? undefined });
        if (saved.created) return redirect(`${newsEditorPath(saved.id)}?created=1`);
        return { ok: true as const, message: "Saved.", ...none };
      }
      case "unpublish": {
        const moved = await editor.unpublish(staff, params.id, fields);
        return { ok: true as const, message: DONE[moved.done]!, ...none };
      }
      case "remove": {
        const moved = await editor.remove(staff, params.id, fields);
        if (moved.done === "deleted") return redirect("/admin/news");
        return { ok: true as const, message: DONE[moved.done]!, ...none };
      }
      case "restore": {
        const moved = await editor.restore(staff, params.id, fields);
        return { ok: true as const, message: DONE[moved.done]!, ...none };
      }
      case "preview-link": {
        const post = await editor.post(context, params.id);
        const link = editor.previewLink(post.id);
        return {
          ok: true as const,
          message: null,
          ...none,
          link: { url: `${context.env.publicUrl}${link.path}`, expiresAt: link.expiresAt },
        };
      }
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    if ((error as { code?: string }).code === "ENTRY_NOT_FOUND") throw data(null, { status: 404 });
    return refusedForm(context, error, fields, { entityType: "news", entityId: params.id ?? "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

/** A moment as the date-time field shows it, in the shop's time zone (UTC), to the second. */
const fieldMoment = (iso: string | null) => (iso ? iso.slice(0, 19) : "");

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories } = loaderData;
  const failure = failureOf(actionData);
  const done = actionData && "message" in actionData ? actionData : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const [search] = useSearchParams();
  const typed = failure?.values ?? done?.values ?? null;
  const saved: Record<string, string> = post
    ? {
        title: post.title,
        slug: post.slug,
        section: post.section,
        excerpt: post.excerpt,
        body: post.body,
        author: post.author,
        categoryId: post.categoryId === null ? "" : String(post.categoryId),
        coverAlt: post.cover?.alt ?? "",
        videos: post.videos.join("\n"),
        membersOnly: post.membersOnly ? "on" : "",
        seoDescription: post.seoDescription,
        publish: post.status === "scheduled" ? "at" : post.status === "published" ? "now" : "draft",
        publishAt: post.status === "scheduled" ? fieldMoment(post.publishedAt) : "",
      }
    : { section: "news", publish: "draft" };
  const values = typed && (typed.intent === "save" || typed.intent === "preview") ? typed : saved;
  const errors = failure?.fieldErrors ?? {};
  const v = (name: string) => values[name] ?? "";
  const version = post?.version ?? "";
  const shown = Object.keys(errors);
  return (
    <div ref={page} className="flex max-w-4xl flex-col gap-4">
      <div>
        <p className="text-sm">
          <Link to="/admin/news" className="text-link">
            News
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{post?.title ?? "New post"}</h1>
        {post && (
          <p className="text-sm text-grey-600" data-testid="post-status">
            {NEWS_STATUS_WORDS[post.status]}
            {post.status === "scheduled" &&
              post.publishedAt &&
              ` for ${post.publishedAt.slice(0, 19).replace("T", " ")} ${SHOP_TIME_ZONE}`}
            {post.status === "published" && (
              <>
                {" · "}
                <Link to={post.path} className="text-link">
                  See it on the site
                </Link>
              </>
            )}
          </p>
        )}
      </div>
      <FormNotices
        message={done?.message ?? (search.get("created") === "1" ? "Created." : null)}
        failure={failure}
        shown={shown}
      />
      {done?.link && (
        <p role="status" className="rounded-md border border-mint-300 bg-mint-50 p-3 text-sm">
          Preview link, good until {done.link.expiresAt.slice(0, 16).replace("T", " ")} UTC (anyone with it sees the post):{" "}
          <a href={done.link.url} className="text-link break-all" data-testid="preview-link">
            {done.link.url}
          </a>
        </p>
      )}
      <Panel title="Post">
        <Form key={version} method="post" encType="multipart/form-data" noValidate className="flex flex-col gap-4">
          {/* Enter in a field saves (the form's first button), not the preview further down. */}
          <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" />
          <input type="hidden" name="version" value={version} />
          <TextField label="Title" name="title" defaultValue={v("title")} error={errors.title} required maxLength={200} />
          <TextField
            label="Address (slug)"
            name="slug"
            defaultValue={v("slug")}
            error={errors.slug}
            maxLength={120}
            hint={
              <>
                Lower-case words joined by hyphens. Empty: made from the title.
                {post && <> Now: {post.path}. A changed address keeps the old one leading here.</>}
              </>
            }
          />
          <TextAreaField
            label="Excerpt"
            name="excerpt"
            defaultValue={v("excerpt")}
            error={errors.excerpt}
            rows={3}
            maxLength={600}
          />
          <DescriptionField
            name="body"
            label="Text"
            rows={14}
            toolbar
            value={v("body")}
            error={errors.body}
            preview={done?.preview ?? null}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Section" name="section" defaultValue={v("section")} error={errors.section}>
              <option value="news">News</option>
              <option value="exclusives">Exclusives (always members only)</option>
            </SelectField>
            <SelectField label="Category" name="categoryId" defaultValue={v("categoryId")} error={errors.categoryId}>
              <option value="">None</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </SelectField>
          </div>
          <ChoiceGroup legend="Who may read it" error={errors.membersOnly} hint="Exclusives are members only whatever is ticked.">
            <Choice
              type="checkbox"
              name="membersOnly"
              value="on"
              label="Members only (others see the excerpt)"
              checked={v("membersOnly") === "on"}
            />
          </ChoiceGroup>
          <TextField label="Author" name="author" defaultValue={v("author")} error={errors.author} maxLength={120} />
          <fieldset className="flex flex-col gap-3">
            <legend className="text-sm font-semibold">Cover</legend>
            {post?.cover && (
              <div className="flex items-center gap-3">
                <img
                  src={imageUrl("cover", 480, post.cover.src)}
                  alt=""
                  width={160}
                  height={90}
                  className="rounded object-cover"
                />
                <Choice type="checkbox" name="removeCover" value="on" label="Remove the cover" checked={false} />
                <input type="hidden" name="coverId" value={post.cover.id} />
              </div>
            )}
            <TextField
              label={post?.cover ? "Replace the cover" : "Cover image"}
              name="coverFile"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              error={errors.coverFile}
            />
            <TextField
              label="Cover's description"
              name="coverAlt"
              defaultValue={v("coverAlt")}
              error={errors.coverAlt}
              maxLength={300}
              hint="Required with a cover: what it shows, for those who cannot see it."
            />
          </fieldset>
          <TextAreaField
            label="Video links"
            name="videos"
            defaultValue={v("videos")}
            error={errors.videos}
            rows={3}
            hint="One a line, each the video provider's address; checked with the provider when saved."
          />
          <TextAreaField
            label="Search description"
            name="seoDescription"
            defaultValue={v("seoDescription")}
            error={errors.seoDescription}
            rows={2}
            maxLength={300}
            hint="What search engines and shares show. Empty: the excerpt."
          />
          <ChoiceGroup legend="On the site" error={errors.publish}>
            <Choice
              type="radio"
              name="publish"
              value="draft"
              label="Draft (not on the site)"
              checked={v("publish") === "draft"}
            />
            <Choice type="radio" name="publish" value="now" label="Publish now" checked={v("publish") === "now"} />
            <Choice type="radio" name="publish" value="at" label="Schedule" checked={v("publish") === "at"} />
          </ChoiceGroup>
          <TextField
            label={`Appears at (${SHOP_TIME_ZONE})`}
            name="publishAt"
            type="datetime-local"
            step={1}
            defaultValue={v("publishAt")}
            error={errors.publishAt}
            hint={`With "Schedule": the date and time in the shop's time zone, ${SHOP_TIME_ZONE}. It appears on the site, the feed and the sitemap then, with nobody acting.`}
          />
          <button type="submit" name="intent" value="save" className="button-primary self-start" disabled={busy}>
            Save
          </button>
        </Form>
      </Panel>
      {post && (
        <Panel title="Preview and place">
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="version" value={version} />
              <button type="submit" name="intent" value="preview-link" className="button-secondary" disabled={busy}>
                Make a preview link (24 h)
              </button>
            </Form>
            {(post.status === "published" || post.status === "scheduled") && (
              <Form method="post">
                <input type="hidden" name="version" value={version} />
                <button type="submit" name="intent" value="unpublish" className="button-secondary" disabled={busy}>
                  Unpublish
                </button>
              </Form>
            )}
            {post.status === "archived" ? (
              <Form method="post">
                <input type="hidden" name="version" value={version} />
                <button type="submit" name="intent" value="restore" className="button-secondary" disabled={busy}>
                  Restore as a draft
                </button>
              </Form>
            ) : (
              <Form method="post">
                <input type="hidden" name="version" value={version} />
                <button type="submit" name="intent" value="remove" className="button-secondary" disabled={busy}>
                  {post.status === "draft" ? "Delete the draft" : "Archive"}
                </button>
              </Form>
            )}
          </div>
          <p className="mt-2 text-sm text-grey-600">
            A draft is deleted; a post that is or will be on the site is archived, never deleted. Through the content API, saving
            with <code>?status=draft</code> takes a post off the site the same way (ADR 39).
          </p>
        </Panel>
      )}
    </div>
  );
}
