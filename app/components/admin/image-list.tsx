import { useRef, useState, type DragEvent } from "react";
import { Form, useSubmit } from "react-router";
import { TextField } from "~/components/ui/text-field";
import { mediaUrl } from "~/lib/media";
import { useHydrated } from "~/lib/use-hydrated";
import type { GalleryImage } from "../../../server/modules/product-gallery/index.ts";
import { imageUrl } from "../../../server/modules/media/shared.ts";

type Failure = { fieldErrors: Record<string, string>; values: Record<string, string> } | null;

/** The hidden fields every change of one image sends: what it is, and the version the page showed. */
function Target({ intent, image, version }: { intent: string; image: number; version: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="image" value={image} />
      <input type="hidden" name="version" value={version} />
    </>
  );
}

/**
 * A product's images in order, each with its description and its buttons; every button a form of
 * its own (no JavaScript needed). With JavaScript, a handle drags an image to another place and
 * the new order is sent at the drop, as one change (progressive enhancement; the buttons stay).
 */
export function ImageList({
  images,
  version,
  failure,
  busy,
}: {
  images: GalleryImage[];
  version: string;
  failure: Failure;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  // The order shown while dragging, until the page reads the stored one again (new `images`).
  const [dragging, setDragging] = useState<{ of: GalleryImage[]; ids: number[] } | null>(null);
  const order = dragging?.of === images ? dragging.ids : null;
  const setOrder = (ids: number[] | null) => setDragging(ids && { of: images, ids });
  const dragged = useRef<number | null>(null);
  const shown = order ? order.map((id) => images.find((image) => image.id === id)!).filter(Boolean) : images;

  if (images.length === 0) return <p className="text-sm text-grey-600">No images yet: the shop shows a placeholder.</p>;

  const over = (target: number) => (event: DragEvent) => {
    const id = dragged.current;
    if (id === null) return;
    event.preventDefault();
    if (id === target) return;
    const ids = shown.map((image) => image.id).filter((other) => other !== id);
    ids.splice(
      ids.indexOf(target) + (shown.findIndex((i) => i.id === id) < shown.findIndex((i) => i.id === target) ? 1 : 0),
      0,
      id,
    );
    setOrder(ids);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    dragged.current = null;
    const ids = shown.map((image) => image.id);
    if (ids.join() !== images.map((image) => image.id).join()) {
      void submit({ intent: "reorder", version, order: ids.join(",") }, { method: "post" });
    }
  };

  return (
    <ol className="flex flex-col gap-3" data-testid="product-images">
      {shown.map((image, index) => {
        const altError = failure?.values.image === String(image.id) ? failure.fieldErrors.alt : undefined;
        return (
          <li
            key={image.id}
            className="grid grid-cols-[5rem_1fr] gap-3 rounded-lg border border-grey-200 bg-white p-3"
            onDragOver={over(image.id)}
            onDrop={drop}
            data-testid="product-image"
          >
            <div className="flex flex-col items-center gap-2">
              <img
                src={imageUrl("product", 160, mediaUrl(image.path))}
                alt={image.alt}
                width={80}
                height={80}
                loading="lazy"
                decoding="async"
                className="size-20 max-w-none rounded object-cover"
              />
              <p className="text-xs font-medium text-grey-700">{index === 0 ? "Main image" : `No. ${index + 1}`}</p>
              {hydrated && shown.length > 1 && (
                <span
                  draggable
                  role="presentation"
                  title="Drag to another place"
                  className="cursor-grab rounded border border-grey-300 px-2 text-grey-700 select-none"
                  onDragStart={(event) => {
                    dragged.current = image.id;
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData("text/plain", String(image.id));
                    const row = event.currentTarget.closest("li");
                    if (row) event.dataTransfer.setDragImage(row, 20, 20);
                  }}
                  onDragEnd={() => {
                    // Dropped outside the list: back to the stored order.
                    if (dragged.current !== null) setOrder(null);
                    dragged.current = null;
                  }}
                >
                  ⠿ Drag
                </span>
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <Form method="post" className="flex flex-col gap-2" key={`${image.id}-${image.alt}`}>
                <Target intent="alt" image={image.id} version={version} />
                <TextField
                  label="Description (alt text)"
                  name="alt"
                  defaultValue={altError ? failure!.values.alt : image.alt}
                  maxLength={200}
                  required
                  error={altError}
                />
                <div>
                  <button type="submit" className="button-secondary text-sm" disabled={busy}>
                    Save description
                  </button>
                </div>
              </Form>
              <div className="flex flex-wrap gap-2">
                {index > 0 && (
                  <Form method="post">
                    <Target intent="move" image={image.id} version={version} />
                    <button type="submit" name="direction" value="up" className="button-secondary text-sm" disabled={busy}>
                      Move up
                    </button>
                  </Form>
                )}
                {index < shown.length - 1 && (
                  <Form method="post">
                    <Target intent="move" image={image.id} version={version} />
                    <button type="submit" name="direction" value="down" className="button-secondary text-sm" disabled={busy}>
                      Move down
                    </button>
                  </Form>
                )}
                {index > 0 && (
                  <Form method="post">
                    <Target intent="main" image={image.id} version={version} />
                    <button type="submit" className="button-secondary text-sm" disabled={busy}>
                      Make main image
                    </button>
                  </Form>
                )}
                <details className="confirm-delete">
                  <summary className="button-secondary text-sm">Remove…</summary>
                  <Form method="post" className="mt-2">
                    <Target intent="remove" image={image.id} version={version} />
                    <button type="submit" className="button-danger text-sm" disabled={busy}>
                      Remove this image
                    </button>
                  </Form>
                </details>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
