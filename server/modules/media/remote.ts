import { imageError, isImageError } from "./errors.ts";
import { isAllowedHost } from "./source.ts";

export interface RemoteFetchOptions {
  allowedHosts: readonly string[];
  /** For the whole fetch, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
}

/** Content types sharp reads; anything else from a remote host is refused. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif", "image/tiff", "image/svg+xml"]);
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Downloads a remote source image. Redirects are followed by hand so each hop's host is checked
 * against the allowed hosts; every failure is an image error of kind "upstream".
 */
export async function fetchRemoteImage(url: URL, options: RemoteFetchOptions): Promise<Buffer> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const response = await guarded(signal, () =>
      fetch(current, { redirect: "manual", signal, headers: { accept: [...IMAGE_TYPES].join(", ") } }),
    );
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      const next = location && URL.canParse(location, current) ? new URL(location, current) : undefined;
      if (!next || !isAllowedHost(next, options.allowedHosts))
        throw imageError("upstream", "source redirected to a host that is not allowed");
      if (redirects >= MAX_REDIRECTS) throw imageError("upstream", "source redirected too many times");
      current = next;
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw imageError("upstream", `source answered ${response.status}`);
    }
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!IMAGE_TYPES.has(type)) {
      await response.body?.cancel().catch(() => {});
      throw imageError("upstream", `source is not an image (${type || "no content type"})`);
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > options.maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw imageError("upstream", "source is too large");
    }
    return guarded(signal, () => readLimited(response, options.maxBytes));
  }
}

/** Reads the body, giving up as soon as it passes maxBytes (the length header may be absent or lie). */
async function readLimited(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw imageError("upstream", "source is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** Runs a network step, turning a time-out or a network failure into an image error ("upstream"). */
async function guarded<T>(signal: AbortSignal, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isImageError(error)) throw error;
    if (signal.aborted) throw imageError("upstream", "source timed out");
    throw imageError("upstream", "source could not be fetched");
  }
}
