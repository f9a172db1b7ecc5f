import { resolve, sep } from "node:path";
import { z } from "zod";
import { ImageError } from "./errors.ts";
import { IMAGE_PRESET_NAMES, IMAGE_WIDTHS, isImageWidth, type ImagePresetName, type ImageWidth } from "./presets.ts";

/*
 * The request of the image endpoint: /images/<preset>/<width>?src=<source>. A source is either
 * a file of the shop under /media/ (read from DATA_DIR/media on disk) or an http(s) address
 * whose host is in IMAGE_HOSTS. Everything else is refused before any file or network is touched.
 */

export const MEDIA_PREFIX = "/media/";
const MAX_SRC_LENGTH = 2048;

export type ImageSource =
  /** `path` is relative to the media folder, decoded; `file` is its absolute path inside it. */
  { kind: "local"; path: string; file: string } | { kind: "remote"; url: URL };

export interface ImageRequest {
  preset: ImagePresetName;
  width: ImageWidth;
  source: ImageSource;
}

export interface SourcePolicy {
  /** Absolute or relative folder the /media/ paths live in (DATA_DIR/media). */
  mediaDir: string;
  /** Host names, optionally with a port ("cdn.example.com", "127.0.0.1:8080"), lower case. */
  allowedHosts: readonly string[];
}

const SOURCE_HINT = "must be a /media/ path of the shop or an http(s) address on an allowed host";

/** The one schema of the endpoint's input: the two path parameters and the src query parameter. */
export function imageRequestSchema(policy: SourcePolicy) {
  const mediaRoot = resolve(policy.mediaDir);
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
          const source = resolveSource(value, mediaRoot, policy.allowedHosts);
          if (typeof source !== "string") return source;
          context.addIssue({ code: "custom", message: source });
          return z.NEVER;
        }),
    })
    .transform(({ preset, width, src }): ImageRequest => ({ preset, width, source: src }));
}

export type ImageRequestSchema = ReturnType<typeof imageRequestSchema>;

/** Parses the raw input; a wrong part throws an ImageError("invalid") naming it, such as "width must be one of ...". */
export function parseImageRequest(
  schema: ImageRequestSchema,
  input: { preset?: string | undefined; width?: string | undefined; src?: string | undefined },
): ImageRequest {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new ImageError("invalid", `${issue.path.join(".") || "request"} ${issue.message}`);
}

/** The source, or why it is refused. */
function resolveSource(src: string, mediaRoot: string, allowedHosts: readonly string[]): ImageSource | string {
  // Control characters (a null byte among them) have no place in a path or an address.
  if (hasControlCharacter(src)) return "must not contain control characters";
  if (src.startsWith("/")) return resolveLocal(src, mediaRoot);
  if (!URL.canParse(src)) return SOURCE_HINT;
  const url = new URL(src);
  if (url.protocol !== "https:" && url.protocol !== "http:") return SOURCE_HINT;
  if (url.username || url.password) return "must not carry credentials";
  if (!isAllowedHost(url, allowedHosts)) return `host ${url.host} is not allowed`;
  url.hash = "";
  return { kind: "remote", url };
}

function resolveLocal(src: string, mediaRoot: string): ImageSource | string {
  if (!src.startsWith(MEDIA_PREFIX)) return SOURCE_HINT;
  if (/[?#\\]/.test(src)) return "must be a plain /media/ path";
  let path: string;
  try {
    path = decodeURIComponent(src.slice(MEDIA_PREFIX.length));
  } catch {
    return "is not a valid path";
  }
  // Decoding may reveal what the raw text hid (%00, %2e%2e, %5c).
  if (hasControlCharacter(path) || path.includes("\\")) return "must be a plain /media/ path";
  const segments = path.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === "..")) {
    return "must not contain empty, . or .. segments";
  }
  const file = resolve(mediaRoot, ...segments);
  if (!file.startsWith(mediaRoot + sep)) return "must stay inside /media/";
  return { kind: "local", path: segments.join("/"), file };
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
