import { useRef } from "react";
import { data, Form, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/page-edit";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { AutosaveStatus, editorShouldRevalidate, useAutosave } from "~/components/admin/editorial/autosave";
import { PlaceForms } from "~/components/admin/editorial/place-forms";
import { PublishFields } from "~/components/admin/editorial/publish-fields";
import { SlugField } from "~/components/admin/editorial/slug-field";
import { StatusLine } from "~/components/admin/editorial/status-line";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { DescriptionField } from "~/components/admin/product-editor/description-field";
import { Choice, ChoiceGroup, TextAreaField } from "~/components/admin/product-editor/fields";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { editorialAction } from "~/lib/editorial-action.server";
import type { RouteHandle } from "~/lib/route-handle";
import { textsOf } from "../../../server/modules/pages/shared.ts";
import { instantToZoned, publishChoiceOf } from "../../../server/modules/editorial/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A page in the editor (issue 26 §1 and §3, ADR 75): /admin/pages/new and /admin/pages/{id}, the
 * news editor's form parts and action for a page: title, address (301 from the old), search
 * description, its text blocks in order (each with the toolbar and the site's own preview; its
 * other blocks stay as they are), members only, in the sitemap, draft / publish now / schedule in
 * the shop's time zone; unpublish, delete a draft, archive. A draft autosaves while typing.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.page?.title ?? "New page"} · Pages · Back office` },
];

const editPath = (id: number) => `/admin/pages/${id}`;

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const editor = context.services.pagesEditor;
  const timeZone = editor.timeZone;
  if (params.id === undefined) return { page: null, timeZone };
  const page = await editor.page(context, params.id).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "ENTRY_NOT_FOUND" || code === "INVALID_INPUT") throw data(null, { status: 404 });
    throw error;
  });
  return { page, timeZone };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  return editorialAction(context, request, {
    editor: context.services.pagesEditor,
    id: params.id,
    entityType: "page",
    listPath: "/admin/pages",
    editPath,
    input: (fields) => ({ ...fields, texts: textsOf(fields) }),
    // Without JavaScript the whole form comes: the first text part is previewed.
    previewField: (fields) => Object.keys(fields).find((name) => /^text\d+$/.test(name)) ?? "text0",
  });
}

export const shouldRevalidate = editorShouldRevalidate;

export default function EditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, timeZone } = loaderData;
  const failure = failureOf(actionData);
  const done = actionData && "message" in actionData ? actionData : null;
  const busy = useNavigation().state === "submitting";
  const top = useRef<HTMLDivElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(top, failure);
  const [search] = useSearchParams();
  const typed = failure?.values ?? done?.values ?? null;
  const texts = page?.texts.length ? page.texts : [""];
  const saved: Record<string, string> = page
    ? {
        title: page.title,
        slug: page.slug,
        description: page.description,
        ...Object.fromEntries(texts.map((text, index) => [`text${index}`, text])),
        membersOnly: page.membersOnly ? "on" : "",
        inSitemap: page.inSitemap ? "on" : "",
        publish: publishChoiceOf(page.status),
        publishAt: page.status === "scheduled" && page.publishedAt ? instantToZoned(page.publishedAt, timeZone) : "",
      }
    : { publish: "draft", inSitemap: "on", text0: "" };
  const values = typed && (typed.intent === "save" || typed.intent === "preview") ? typed : saved;
  const errors = failure?.fieldErrors ?? {};
  const v = (name: string) => values[name] ?? "";
  const autosave = useAutosave(form, { enabled: page?.status === "draft", version: page?.version ?? "" });
  const version = autosave.version;
  const waiting = busy || autosave.saving;
  return (
    <div ref={top} className="flex max-w-4xl flex-col gap-4">
      <div>
        <p className="text-sm">
          <Link to="/admin/pages" className="text-link">
            Pages
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{page?.title ?? "New page"}</h1>
        {page && <StatusLine entry={page} timeZone={timeZone} />}
      </div>
      <FormNotices
        message={done?.message ?? (search.get("created") === "1" ? "Created." : null)}
        failure={failure}
        shown={Object.keys(errors)}
      />
      <Panel title="Page">
        <Form
          key={page?.version}
          ref={form}
          method="post"
          noValidate
          className="flex flex-col gap-4"
          onInput={autosave.typed}
          onSubmit={autosave.cancel}
        >
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
          <SlugField value={v("slug")} error={errors.slug} path={page?.path ?? null} max={120} />
          <TextAreaField
            label="Search description"
            name="description"
            defaultValue={v("description")}
            error={errors.description}
            rows={2}
            maxLength={300}
            hint="Under the title on the page, and what search engines and shares show."
          />
          {texts.map((_, index) => (
            <DescriptionField
              key={index}
              name={`text${index}`}
              label={texts.length > 1 ? `Text, part ${index + 1}` : "Text"}
              rows={14}
              toolbar
              value={v(`text${index}`)}
              error={errors.texts}
              preview={done?.previewed === `text${index}` ? done.preview : null}
              onText={autosave.typed}
            />
          ))}
          {page && page.otherBlocks.length > 0 && (
            <p className="text-sm text-grey-600">
              The page&apos;s other blocks ({page.otherBlocks.join(", ")}) stay as they are, between and after its text parts;
              they are edited through the content API.
            </p>
          )}
          <ChoiceGroup legend="Who may read it and where it is listed">
            <Choice type="checkbox" name="membersOnly" value="on" label="Members only" checked={v("membersOnly") === "on"} />
            <Choice type="checkbox" name="inSitemap" value="on" label="In the sitemap" checked={v("inSitemap") === "on"} />
          </ChoiceGroup>
          <PublishFields value={v} errors={errors} timeZone={timeZone} what="on the site and in the sitemap" />
          <button type="submit" name="intent" value="save" className="button-primary self-start" disabled={waiting}>
            Save
          </button>
          {page?.status === "draft" && <AutosaveStatus status={autosave.status} refused={autosave.refused} />}
        </Form>
      </Panel>
      {page && (
        <Panel title="Place">
          <PlaceForms status={page.status} version={version} busy={waiting} previewLink={false} />
        </Panel>
      )}
    </div>
  );
}
