import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type OutputInfo } from "sharp";
import { invalidInput } from "../../lib/shop-error.ts";
import { UPLOAD_KINDS, UPLOAD_MAX_PIXELS, type UploadKind } from "./uploads-rules.ts";
import { UPLOADS_PREFIX } from "./source.ts";

export * from "./uploads-rules.ts";

/*
 * Images people send the shop (ADR 46): a customer's profile picture, a product image added by
 * staff. Nothing sent is kept as it came: the type is read from the first bytes (never from the
 * name or the declared type), the image is decoded within a pixel budget, turned upright, scaled
 * down to a bound and encoded again as WebP, which keeps no metadata (camera, place, time). The
 * result is stored under DATA_DIR/uploads with a random name and shown only through the image
 * endpoint (/images/...?src=/uploads/...).
 */

const QUALITY = 85;

/** What the shop takes, by the bytes each format's files begin with. */
const SIGNATURES: { type: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { type: "jpeg", matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "png", matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte) },
  { type: "webp", matches: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type the bytes begin with, or null when the shop does not take it. */
export function imageTypeOf(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  return (SIGNATURES.find((signature) => signature.matches(bytes))?.type as "jpeg" | "png" | "webp" | undefined) ?? null;
}

/** A file as a multipart request or a form brings it (the web platform's File, or anything shaped like it). */
export interface UploadedFile {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as UploadedFile).size === "number" &&
    typeof (value as UploadedFile).arrayBuffer === "function"
  );
}

export interface StoredImage {
  /** The image endpoint's source address, such as /uploads/pictures/3f9c….webp. */
  src: string;
  width: number;
  height: number;
  /** The stored file's size in bytes (the WebP kept, not the file sent). */
  bytes: number;
}

const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

export function createUploads(options: { dataDir: string }) {
  const uploadsDir = join(options.dataDir, "uploads");

  return {
    /**
     * Checks, re-encodes and stores an image. Throws INVALID_INPUT on `field` for what the sender
     * can mend: no file, too large, not a JPEG, PNG or WebP image, an image that does not decode.
     */
    async store(kind: UploadKind, file: unknown, field: string): Promise<StoredImage> {
      const rules = UPLOAD_KINDS[kind];
      if (!isUploadedFile(file) || file.size === 0) throw invalidInput(field, `Choose ${rules.one} to upload.`);
      if (file.size > rules.maxBytes) {
        throw invalidInput(field, `The ${rules.label} is larger than ${megabytes(rules.maxBytes)}. Please send a smaller one.`);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (bytes.byteLength > rules.maxBytes) {
        throw invalidInput(field, `The ${rules.label} is larger than ${megabytes(rules.maxBytes)}. Please send a smaller one.`);
      }
      const type = imageTypeOf(bytes);
      if (!type) throw invalidInput(field, `The ${rules.label} must be a JPEG, PNG or WebP image.`);

      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS, autoOrient: true, failOn: "error" })
          .resize({ width: rules.maxSide, height: rules.maxSide, fit: "inside", withoutEnlargement: true })
          .webp({ quality: QUALITY })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw invalidInput(field, `The ${rules.label} could not be read as a ${type.toUpperCase()} image, or it is too large.`);
      }

      const name = `${randomBytes(16).toString("hex")}.webp`;
      const folder = join(uploadsDir, rules.folder);
      await mkdir(folder, { recursive: true });
      // Written aside, then renamed: the image endpoint never reads half a file.
      const target = join(folder, name);
      const partial = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await writeFile(partial, output.data);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return {
        src: `${UPLOADS_PREFIX}${rules.folder}/${name}`,
        width: output.info.width,
        height: output.info.height,
        bytes: output.data.byteLength,
      };
    },

    /** Removes a stored upload (a replaced picture); anything not an upload address is left alone. */
    async remove(src: string | null | undefined): Promise<void> {
      if (!src || !src.startsWith(UPLOADS_PREFIX)) return;
      const segments = src.slice(UPLOADS_PREFIX.length).split("/");
      if (segments.length !== 2 || !/^[a-z]+$/.test(segments[0]!) || !/^[0-9a-f]{32}\.webp$/.test(segments[1]!)) return;
      await rm(join(uploadsDir, ...segments), { force: true });
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
