import { useRef } from "react";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/news-edit";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { AutosaveStatus, editorShouldRevalidate, useAutosave } from "~/components/admin/editorial/autosave";
import { PlaceForms } from "~/components/admin/editorial/place-forms";
import { PublishFields } from "~/components/admin/editorial/publish-fields";
import { SlugField } from "~/components/admin/editorial/slug-field";
import { StatusLine } from "~/components/admin/editorial/status-line";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { DescriptionField } from "~/components/admin/product-editor/description-field";
import { Choice, ChoiceGroup, SelectField, TextAreaField } from "~/components/admin/product-editor/fields";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { editorialAction } from "~/lib/editorial-action.server";
import type { RouteHandle } from "~/lib/route-handle";
import { imageUrl } from "../../../server/modules/media/shared.ts";
import { instantToZoned, publishChoiceOf } from "../../../server/modules/editorial/shared.ts";
import { newsEditorPath } from "../../../server/modules/news-editor/shared.ts";
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
  const timeZone = editor.timeZone;
  // The library's described images, for a cover chosen instead of uploaded (ADR 75, 78).
  const library = (await context.services.mediaLibrary.choices(context, { limit: 60 })).filter(
    (image) => image.alt.trim() !== "",
  );
  if (params.id === undefined) return { post: null, categories, timeZone, library };
  const post = await editor.post(context, params.id).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "ENTRY_NOT_FOUND" || code === "INVALID_INPUT") throw data(null, { status: 404 });
    throw error;
  });
  return { post, categories, timeZone, library };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const editor = context.services.newsEditor;
  return editorialAction(context, request, {
    editor,
    id: params.id,
    entityType: "news",
    listPath: "/admin/news",
    editPath: newsEditorPath,
    // The cover goes through the shop's upload use case before the save that records it.
    saveOptions: async (form) => ({ checkVideos: true, newCover: (await editor.storeCover(form.get("coverFile"))) ?? undefined }),
    // A cover chosen from the library keeps its own description (the list holds described ones only).
    input: (fields) =>
      fields.libraryCover
        ? { ...fields, coverId: fields.libraryCover, coverAlt: "" }
        : { ...fields, coverId: fields.removeCover ? "" : fields.coverId },
  });
}

export const shouldRevalidate = editorShouldRevalidate;

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, categories, timeZone, library } = loaderData;
  const failure = failureOf(actionData);
  const done = actionData && "message" in actionData ? actionData : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
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
        publish: publishChoiceOf(post.status),
        publishAt: post.status === "scheduled" && post.publishedAt ? instantToZoned(post.publishedAt, timeZone) : "",
      }
    : { section: "news", publish: "draft" };
  const values = typed && (typed.intent === "save" || typed.intent === "preview") ? typed : saved;
  const errors = failure?.fieldErrors ?? {};
  const v = (name: string) => values[name] ?? "";
  // Only a draft autosaves: one on the site would show half-typed text (ADR 75).
  const autosave = useAutosave(form, { enabled: post?.status === "draft", version: post?.version ?? "" });
  const version = autosave.version;
  const waiting = busy || autosave.saving;
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
        {post && <StatusLine entry={post} timeZone={timeZone} />}
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
        <Form
          key={post?.version}
          ref={form}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="flex flex-col gap-4"
          onInput={autosave.typed}
          onSubmit={autosave.cancel}
        >
          {/* Enter in a field saves (the form's first button), not the preview further down. */}
          <button
            type="submit"
            name="intent"
            value="save"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            disabled={waiting}
          />
          <input type="hidden" name="version" value={version} />
          <TextField label="Title" name="title" defaultValue={v("title")} error={errors.title} required maxLength={200} />
          <SlugField value={v("slug")} error={errors.slug} path={post?.path ?? null} max={120} />
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
            onText={autosave.typed}
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
            {library.length > 0 && (
              <SelectField
                label="Or choose one from the media library"
                name="libraryCover"
                defaultValue=""
                error={errors.coverId}
                hint="The newest described images; the chosen one keeps its description."
              >
                <option value="">None chosen</option>
                {library.map((image) => (
                  <option key={image.id} value={image.id}>
                    {image.name}: {image.alt}
                  </option>
                ))}
              </SelectField>
            )}
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
          <PublishFields value={v} errors={errors} timeZone={timeZone} what="on the site, the feed and the sitemap" />
          <button type="submit" name="intent" value="save" className="button-primary self-start" disabled={waiting}>
            Save
          </button>
          {post?.status === "draft" && <AutosaveStatus status={autosave.status} refused={autosave.refused} />}
        </Form>
      </Panel>
      {post && (
        <Panel title="Preview and place">
          <PlaceForms status={post.status} version={version} busy={waiting} />
        </Panel>
      )}
    </div>
  );
}
