import { type Db } from "../../db/client.ts";
import { mediaFiles } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { asShopError, invalidInput, parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { isUploadedFile, type StoredImage, type Uploads } from "../media/index.ts";
import { UploadInput } from "./schemas.ts";
import { MAX_MEDIA_AT_ONCE, MEDIA_FILES_FIELD } from "./shared.ts";

/** The name a file came with, as a label (never a path): its last part, without control characters, at most 200 characters. */
export function fileNameOf(file: unknown, fallback = "image"): string {
  const raw = typeof (file as { name?: unknown }).name === "string" ? (file as { name: string }).name : "";
  // eslint-disable-next-line no-control-regex
  const name = (raw.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (name || fallback).slice(0, 200);
}

/**
 * Makes a library record of a file the upload use case stored (ADR 78), in the caller's
 * transaction: the media library's own uploads, a product's gallery, a category's picture and a
 * brand's logo all go through here, so the library lists every uploaded image.
 */
export async function recordUpload(db: Db, image: StoredImage, details: { name: string; alt: string }): Promise<number> {
  const [row] = await db
    .insert(mediaFiles)
    .values({
      name: details.name,
      alternativeText: details.alt,
      path: image.src,
      mime: "image/webp",
      width: image.width,
      height: image.height,
      size: image.bytes,
    })
    .returning({ id: mediaFiles.id });
  return row!.id;
}

export interface UploadDeps {
  uploads?: Uploads;
}

/**
 * Adds one or several images to the library (issue 26 §2), each through the shop's upload use
 * case (ADR 46: type read from the bytes, a pixel budget, turned upright, at most 2400 px, WebP
 * without its metadata). All or none: a file the shop cannot take refuses the whole form, named,
 * and the files stored for it are removed. Each record is audited (media.uploaded).
 */
export async function uploadMedia(
  scope: StaffScope,
  deps: UploadDeps,
  raw: unknown,
  files: readonly unknown[],
): Promise<{ id: number; name: string }[]> {
  const input = parseInput(UploadInput, raw);
  const sent = files.filter((file) => isUploadedFile(file) && file.size > 0);
  if (sent.length === 0) throw invalidInput(MEDIA_FILES_FIELD, "Choose an image to upload.");
  if (sent.length > MAX_MEDIA_AT_ONCE)
    throw invalidInput(MEDIA_FILES_FIELD, `Upload at most ${MAX_MEDIA_AT_ONCE} images at once.`);
  if (!deps.uploads) throw new Error("Uploads are not set up: createServices needs dataDir");
  const uploads = deps.uploads;

  const stored: { image: StoredImage; name: string }[] = [];
  try {
    for (const file of sent) {
      const name = fileNameOf(file);
      try {
        stored.push({ image: await uploads.store("library", file, MEDIA_FILES_FIELD), name });
      } catch (error) {
        const refused = asShopError(error);
        // Among several files, say which one the shop could not take.
        if (refused?.code === "INVALID_INPUT" && sent.length > 1)
          throw invalidInput(MEDIA_FILES_FIELD, `${name}: ${refused.message}`);
        throw error;
      }
    }
    return await withTransaction(scope, async (tx) => {
      const added: { id: number; name: string }[] = [];
      for (const { image, name } of stored) {
        const id = await recordUpload(tx.db, image, { name, alt: input.alt });
        await recordAudit(tx, {
          action: "media.uploaded",
          entityType: "media",
          entityId: id,
          changes: { name: [null, name], alt: [null, input.alt], path: [null, image.src], size: [null, image.bytes] },
        });
        added.push({ id, name });
      }
      return added;
    });
  } catch (error) {
    await Promise.all(stored.map(({ image }) => uploads.remove(image.src).catch(() => {})));
    throw error;
  }
}
