import { resolve, sep } from "node:path";
import { z } from "zod";
import { imageError } from "./errors.ts";
import { IMAGE_PRESET_NAMES, IMAGE_WIDTHS, isImageWidth, type ImagePresetName, type ImageWidth } from "./presets.ts";

/*
 * The request of the image endpoint: /images/<preset>/<width>?src=<source>. A source is either
 * a file of the shop under /media/ (read from DATA_DIR/media on disk), an upload under /uploads/
 * (DATA_DIR/uploads, ADR 46), or an http(s) address whose host is in IMAGE_HOSTS. Everything else
 * is refused before any file or network is touched.
 */

export const MEDIA_PREFIX = "/media/";
export const UPLOADS_PREFIX = "/uploads/";
const MAX_SRC_LENGTH = 2048;

/** The shop's own folders an image may come from, by the address prefix that names them. */
export type LocalFolder = "media" | "uploads";

export type ImageSource =
  /**
   * `path` is relative to the folder, decoded; `file` is its absolute path inside it; `root` the
   * folder's absolute path.
   */
  { kind: "local"; folder: LocalFolder; path: string; file: string; root: string } | { kind: "remote"; url: URL };

export interface ImageRequest {
  preset: ImagePresetName;
  width: ImageWidth;
  source: ImageSource;
}

export interface SourcePolicy {
  /** Absolute or relative folder the /media/ paths live in (DATA_DIR/media). */
  mediaDir: string;
  /** The folder the /uploads/ paths live in (DATA_DIR/uploads). */
  uploadsDir: string;
  /** Host names, optionally with a port ("cdn.example.com", "127.0.0.1:8080"), lower case. */
  allowedHosts: readonly string[];
}

const SOURCE_HINT = "must be a /media/ or /uploads/ path of the shop or an http(s) address on an allowed host";

/** The one schema of the endpoint's input: the two path parameters and the src query parameter. */
export function imageRequestSchema(policy: SourcePolicy) {
  const roots = { media: resolve(policy.mediaDir), uploads: resolve(policy.uploadsDir) };
  return z
    .object({
      preset: z.enum(IMAGE_PRESET_NAMES as [ImagePresetName, ...ImagePresetName[]], {
        error: `must be one of ${IMAGE_PRESET_NAMES.join(", ")}`,
      }),
      width: z.string({ error: "is required" }).transform((value, context): ImageWidth => {
        const width = /^[1-9]\d{0,4}$/.test(value) ? Number(value) : NaN;
        if (isImageWidth(width)) return width;
        context.addIssue({ code: "custom", message: `must be one of ${IMAGE_WIDTHS.join(", ")}` });
        return z.NEVER;
      }),
      src: z
        .string({ error: "is required" })
        .min(1, "is required")
        .max(MAX_SRC_LENGTH, `must be at most ${MAX_SRC_LENGTH} characters`)
        .transform((value, context): ImageSource => {
          const source = resolveSource(value, roots, policy.allowedHosts);
          if (typeof source !== "string") return source;
          context.addIssue({ code: "custom", message: source });
          return z.NEVER;
        }),
    })
    .transform(({ preset, width, src }): ImageRequest => ({ preset, width, source: src }));
}

export type ImageRequestSchema = ReturnType<typeof imageRequestSchema>;

/** Parses the raw input; a wrong part throws an image error of kind "invalid" naming it, such as "width must be one of ...". */
export function parseImageRequest(
  schema: ImageRequestSchema,
  input: { preset?: string | undefined; width?: string | undefined; src?: string | undefined },
): ImageRequest {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw imageError("invalid", `${issue.path.join(".") || "request"} ${issue.message}`);
}

/** The source, or why it is refused. */
function resolveSource(src: string, roots: Record<LocalFolder, string>, allowedHosts: readonly string[]): ImageSource | string {
  // Control characters (a null byte among them) have no place in a path or an address.
  if (hasControlCharacter(src)) return "must not contain control characters";
  if (src.startsWith(MEDIA_PREFIX)) return resolveLocal(src, "media", roots.media);
  if (src.startsWith(UPLOADS_PREFIX)) return resolveLocal(src, "uploads", roots.uploads);
  if (src.startsWith("/")) return SOURCE_HINT;
  if (!URL.canParse(src)) return SOURCE_HINT;
  const url = new URL(src);
  if (url.protocol !== "https:" && url.protocol !== "http:") return SOURCE_HINT;
  if (url.username || url.password) return "must not carry credentials";
  if (!isAllowedHost(url, allowedHosts)) return `host ${url.host} is not allowed`;
  url.hash = "";
  return { kind: "remote", url };
}

function resolveLocal(src: string, folder: LocalFolder, root: string): ImageSource | string {
  const prefix = `/${folder}/`;
  if (/[?#\\]/.test(src)) return `must be a plain ${prefix} path`;
  let path: string;
  try {
    path = decodeURIComponent(src.slice(prefix.length));
  } catch {
    return "is not a valid path";
  }
  // Decoding may reveal what the raw text hid (%00, %2e%2e, %5c).
  if (hasControlCharacter(path) || path.includes("\\")) return `must be a plain ${prefix} path`;
  const segments = path.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    return "must not contain empty, . or .. segments";
  }
  const file = resolve(root, ...segments);
  if (!file.startsWith(root + sep)) return `must stay inside ${prefix}`;
  return { kind: "local", folder, path: segments.join("/"), file, root };
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443" };

/**
 * Whether an http(s) address may be fetched: its host is listed, either bare (then only on the
 * scheme's default port) or with its port ("127.0.0.1:8080").
 */
export function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  if (url.protocol !== "https:" && url.protocol !== "http:") return false;
  if (url.username || url.password) return false;
  const hostname = url.hostname.toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol];
  return allowedHosts.some((entry) => entry === url.host.toLowerCase() || entry === `${hostname}:${port}`);
}
