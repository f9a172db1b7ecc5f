import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { FormNotice } from "~/components/account/form-notice";
import { TextField } from "~/components/ui/text-field";
import { pictureImageSources } from "~/lib/media";
import { UPLOAD_KINDS } from "../../../server/modules/media/shared.ts";

const PICTURE_MAX_BYTES = UPLOAD_KINDS.picture.maxBytes;
const PICTURE_TOO_LARGE = `The picture is larger than ${PICTURE_MAX_BYTES / 1024 / 1024} MB. Please send a smaller one.`;

/**
 * The profile picture: shown through the image endpoint, replaced by a multipart form that works
 * without JavaScript (the server checks everything); with JavaScript, a file over the limit is
 * refused before it is sent.
 */
export function PictureSection({
  picture,
  done,
  failure,
  busy,
}: {
  picture: string | null;
  done: string | null;
  failure: { formError: string | null; fieldErrors: Record<string, string> } | null;
  busy: boolean;
}) {
  const [tooLarge, setTooLarge] = useState(false);
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const file = (event.currentTarget.elements.namedItem("picture") as HTMLInputElement | null)?.files?.[0];
    const over = file !== undefined && file.size > PICTURE_MAX_BYTES;
    setTooLarge(over);
    if (over) {
      event.preventDefault();
      // As a refusal from the server is: the field at fault gets the focus, and its error is read out.
      (event.currentTarget.elements.namedItem("picture") as HTMLInputElement).focus();
    }
  };
  return (
    <section aria-labelledby="picture-title" className="account-section">
      <h2 id="picture-title">Picture</h2>
      <FormNotice done={tooLarge ? null : done} failure={failure} />
      <div className="flex flex-wrap items-start gap-6">
        {picture ? (
          <img
            {...pictureImageSources(picture)}
            alt="Your picture"
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
            data-testid="profile-picture"
          />
        ) : (
          <p className="text-grey-700" data-testid="no-picture">
            You have no picture yet.
          </p>
        )}
        {/* A new picture remounts the form, which empties the file field. */}
        <Form
          key={picture ?? "none"}
          method="post"
          encType="multipart/form-data"
          className="flex max-w-md flex-col gap-4"
          noValidate
          onSubmit={checkSize}
        >
          <input type="hidden" name="intent" value="picture" />
          <TextField
            label={picture ? "New picture" : "Picture"}
            name="picture"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hint={`A JPEG, PNG or WebP image of at most ${PICTURE_MAX_BYTES / 1024 / 1024} MB. We keep a copy without the photo's details (camera, place, time).`}
            error={tooLarge ? PICTURE_TOO_LARGE : failure?.fieldErrors.picture}
            onChange={() => setTooLarge(false)}
          />
          <div>
            <button type="submit" className="button-primary" disabled={busy}>
              Upload picture
            </button>
          </div>
        </Form>
        {picture && (
          <Form method="post" className="self-end">
            <button type="submit" name="intent" value="remove-picture" className="button-secondary" disabled={busy}>
              Remove picture
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
