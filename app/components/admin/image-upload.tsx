import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { UPLOAD_KINDS } from "../../../server/modules/media/shared.ts";
import { IMAGES_FIELD, MAX_IMAGES_AT_ONCE } from "../../../server/modules/product-gallery/shared.ts";

// A request carries at most the largest image the shop takes: several images share that.
const MAX_MB = UPLOAD_KINDS["product-image"].maxBytes / 1024 / 1024;
const TOO_LARGE = `Together the images are larger than ${MAX_MB} MB: upload fewer at once, or smaller ones.`;

/**
 * Adds images after the product's others: a multipart form that works without JavaScript (the
 * server checks everything); with JavaScript, files over the limit are refused before sending.
 */
export function ImageUpload({
  version,
  failure,
  busy,
  done,
}: {
  version: string;
  failure: { fieldErrors: Record<string, string>; values: Record<string, string> } | null;
  busy: boolean;
  done: string | null;
}) {
  const [tooLarge, setTooLarge] = useState(false);
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem(IMAGES_FIELD) as HTMLInputElement;
    const total = [...(input.files ?? [])].reduce((sum, file) => sum + file.size, 0);
    setTooLarge(total > UPLOAD_KINDS["product-image"].maxBytes);
    if (total > UPLOAD_KINDS["product-image"].maxBytes) {
      event.preventDefault();
      input.focus();
    }
  };
  return (
    <section aria-labelledby="upload-title" className="rounded-lg border border-grey-200 bg-white p-4">
      <h2 id="upload-title" className="mb-3 text-sm font-semibold">
        Add images
      </h2>
      {/* A success remounts the form, which empties its fields. */}
      <Form
        key={done ?? "form"}
        method="post"
        encType="multipart/form-data"
        className="flex max-w-md flex-col gap-4"
        noValidate
        onSubmit={checkSize}
      >
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="version" value={version} />
        <TextField
          label="Image files"
          name={IMAGES_FIELD}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          hint={`JPEG, PNG or WebP, up to ${MAX_IMAGES_AT_ONCE} at once and ${MAX_MB} MB together. The shop keeps a copy without the photo's details (camera, place, time).`}
          error={tooLarge ? TOO_LARGE : failure?.fieldErrors[IMAGES_FIELD]}
          onChange={() => setTooLarge(false)}
        />
        <TextField
          label="Description (alt text)"
          name="alt"
          required
          maxLength={200}
          defaultValue={failure?.values.alt ?? ""}
          hint="What the image shows, for those who cannot see it. Several images get this text each: change each one's below."
          error={failure?.fieldErrors.alt}
        />
        <div>
          <button type="submit" className="button-primary" disabled={busy}>
            Upload
          </button>
        </div>
      </Form>
    </section>
  );
}
