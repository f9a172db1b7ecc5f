import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import type { Uploads } from "../media/index.ts";
import { imageChoices } from "./chooser.ts";
import { editMediaAlt } from "./edit-alt.ts";
import { listMedia, mediaItem } from "./library.ts";
import { removeMedia } from "./remove.ts";
import { replaceMedia } from "./replace.ts";
import { uploadMedia } from "./upload.ts";

/*
 * The media library (issue 26 §2, ADR 78): every uploaded image with its description, size and
 * uses; upload several at once, describe, replace a file (every use follows: uses name the record,
 * not the file), delete only what nothing shows. Images are shown only through the image endpoint.
 */

export type { ImageChoice } from "./chooser.ts";
export type { MediaItem } from "./library.ts";
export type { MediaFilter, MediaUse, MediaUseKind } from "./shared.ts";
export { MAX_MEDIA_AT_ONCE, MEDIA_FILE_FIELD, MEDIA_FILES_FIELD } from "./shared.ts";
/** For the modules that store uploads of their own (a product's gallery, the catalogue's pictures). */
export { fileNameOf, recordUpload } from "./upload.ts";
/** The images for a chooser (the news editor's cover), without the library's service: a read. */
export { imageChoices } from "./chooser.ts";

export function createMediaLibrary(options: {
  uploads?: Uploads;
  /** Told once a change has committed: the catalogue's, the news' and the pages' caches. */
  changed: () => void;
  /** An old file that could not be deleted after its change committed. */
  onCleanupError: (error: unknown) => void;
}) {
  const deps = options;
  return {
    list: (scope: Scope, raw: unknown) => listMedia(scope, raw),
    item: (scope: Scope, id: number) => mediaItem(scope, id),
    /** { q?, limit? }: the library's images for a chooser, newest first. */
    choices: (scope: Scope, raw?: unknown) => imageChoices(scope, raw),
    upload: (scope: StaffScope, raw: unknown, files: readonly unknown[]) => uploadMedia(scope, deps, raw, files),
    editAlt: (scope: StaffScope, raw: unknown) => editMediaAlt(scope, deps.changed, raw),
    replace: (scope: StaffScope, raw: unknown, file: unknown) => replaceMedia(scope, deps, raw, file),
    remove: (scope: StaffScope, raw: unknown) => removeMedia(scope, deps, raw),
  };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
