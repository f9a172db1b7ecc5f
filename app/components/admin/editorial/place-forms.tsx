import { Form } from "react-router";
import type { EditorialStatus } from "../../../../server/modules/editorial/shared.ts";

/**
 * An entry's place on the site apart from its fields (ADR 75): a preview link, unpublish, delete a
 * draft or archive what is or will be on the site, restore an archived one. Each a small form at
 * the version read, working without JavaScript.
 */
export function PlaceForms({
  status,
  version,
  busy,
  previewLink = true,
}: {
  status: EditorialStatus;
  version: string;
  busy: boolean;
  previewLink?: boolean;
}) {
  const button = (intent: string, label: string) => (
    <Form method="post">
      <input type="hidden" name="version" value={version} />
      <button type="submit" name="intent" value={intent} className="button-secondary" disabled={busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {previewLink && button("preview-link", "Make a preview link (24 h)")}
        {(status === "published" || status === "scheduled") && button("unpublish", "Unpublish")}
        {status === "archived"
          ? button("restore", "Restore as a draft")
          : button("remove", status === "draft" ? "Delete the draft" : "Archive")}
      </div>
      <p className="mt-2 text-sm text-grey-600">
        A draft is deleted; what is or will be on the site is archived, never deleted. Through the content API, saving with{" "}
        <code>?status=draft</code> takes an entry off the site the same way (ADR 39).
      </p>
    </>
  );
}
