import { useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { useHydrated } from "~/lib/use-hydrated";
import { UPLOAD_KINDS } from "../../../server/modules/media/shared.ts";
import { MAX_MEDIA_AT_ONCE, MEDIA_FILES_FIELD } from "../../../server/modules/media-library/shared.ts";

const MAX_MB = UPLOAD_KINDS.library.maxBytes / 1024 / 1024;

/** Where the page sends one file at a time once JavaScript runs (a resource route answering JSON). */
export const MEDIA_UPLOAD_ENDPOINT = "/admin/media/upload";

type FileState = { name: string; sent: number; state: "waiting" | "sending" | "done" | "failed"; message?: string };

/** Sends one file, telling how much of it has left; resolves with the shop's answer. */
function send(file: File, alt: string, onProgress: (fraction: number) => void): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("alt", alt);
    body.set(MEDIA_FILES_FIELD, file);
    const request = new XMLHttpRequest();
    request.open("POST", MEDIA_UPLOAD_ENDPOINT);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = (request.response ?? {}) as { ok?: boolean; message?: string };
      resolve(
        request.status === 200 && answer.ok
          ? { ok: true }
          : { ok: false, message: answer.message ?? "The shop could not take this file." },
      );
    };
    request.onerror = () => resolve({ ok: false, message: "The connection failed: try again." });
    request.send(body);
  });
}

/**
 * Adds images to the library. Without JavaScript a plain multipart form with several files (up to
 * ten, 10 MB together: one request). Once hydrated, each file goes in its own request, one after
 * the other, with its own progress bar and its own answer, so a large batch neither hits the
 * request limit nor fails as a whole for one bad file; the list is read again at the end.
 */
export function MediaUpload({
  failure,
  busy,
  done,
}: {
  failure: { fieldErrors: Record<string, string>; values: Record<string, string> } | null;
  busy: boolean;
  done: string | null;
}) {
  const hydrated = useHydrated();
  const [files, setFiles] = useState<FileState[]>([]);
  const [sending, setSending] = useState(false);
  const [batch, setBatch] = useState(0);
  const revalidator = useRevalidator();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const input = form.elements.namedItem(MEDIA_FILES_FIELD) as HTMLInputElement;
    const chosen = [...(input.files ?? [])];
    // Nothing chosen: the server's refusal says so, as without JavaScript.
    if (chosen.length === 0) return;
    event.preventDefault();
    const alt = (form.elements.namedItem("alt") as HTMLInputElement).value;
    setSending(true);
    const states: FileState[] = chosen.map((file) => ({ name: file.name, sent: 0, state: "waiting" }));
    setFiles(states);
    const update = (index: number, change: Partial<FileState>) =>
      setFiles((current) => current.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));
    for (const [index, file] of chosen.entries()) {
      if (file.size > UPLOAD_KINDS.library.maxBytes) {
        update(index, { state: "failed", message: `Larger than ${MAX_MB} MB: send a smaller one.` });
        continue;
      }
      update(index, { state: "sending" });
      const answer = await send(file, alt, (fraction) => update(index, { sent: fraction }));
      update(index, answer.ok ? { state: "done", sent: 1 } : { state: "failed", message: answer.message });
    }
    setSending(false);
    setBatch((count) => count + 1);
    await revalidator.revalidate();
  };

  const finished = files.filter((entry) => entry.state === "done").length;
  return (
    <section aria-labelledby="media-upload-title" className="rounded-lg border border-grey-200 bg-white p-4">
      <h2 id="media-upload-title" className="mb-3 text-sm font-semibold">
        Upload images
      </h2>
      <Form
        key={`${done ?? "form"}-${batch}`}
        method="post"
        encType="multipart/form-data"
        className="flex max-w-md flex-col gap-4"
        noValidate
        onSubmit={hydrated ? submit : undefined}
      >
        <input type="hidden" name="intent" value="upload" />
        <TextField
          label="Image files"
          name={MEDIA_FILES_FIELD}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          hint={
            hydrated
              ? `JPEG, PNG or WebP, up to ${MAX_MB} MB each. The shop keeps a copy without the photo's details (camera, place, time).`
              : `JPEG, PNG or WebP, up to ${MAX_MEDIA_AT_ONCE} at once and ${MAX_MB} MB together. The shop keeps a copy without the photo's details (camera, place, time).`
          }
          error={failure?.fieldErrors[MEDIA_FILES_FIELD]}
        />
        <TextField
          label="Description (alt text)"
          name="alt"
          maxLength={200}
          defaultValue={failure?.values.alt ?? ""}
          hint="What the images show, for those who cannot see them; each file gets this text. Leave it empty to describe each one on its own page."
          error={failure?.fieldErrors.alt}
        />
        <div>
          <button type="submit" className="button-primary" disabled={busy || sending}>
            Upload
          </button>
        </div>
      </Form>
      {files.length > 0 && (
        <div className="mt-4">
          <p role="status" aria-live="polite" className="text-sm">
            {sending ? `Uploading ${files.length} files…` : `${finished} of ${files.length} uploaded.`}
          </p>
          <ul className="mt-2 flex flex-col gap-2" aria-label="Files">
            {files.map((entry, index) => (
              <li key={index} className="flex flex-col gap-1 text-sm" data-testid="upload-file">
                <span className="flex flex-wrap justify-between gap-x-2">
                  <span className="min-w-0 break-all">{entry.name}</span>
                  <span className={entry.state === "failed" ? "text-red-700" : "text-grey-600"}>
                    {entry.state === "done"
                      ? "Uploaded"
                      : entry.state === "failed"
                        ? entry.message
                        : entry.state === "sending"
                          ? `${Math.round(entry.sent * 100)} %`
                          : "Waiting"}
                  </span>
                </span>
                <progress className="h-2 w-full" max={1} value={entry.sent} aria-label={`${entry.name}: sent`} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
