import { promisify } from "node:util";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { replaceResponse, writableHeaders } from "./replace-response.ts";

/**
 * Compression of the shop's text answers: pages, page data (`.data`), JSON and GraphQL
 * (docs/decisions/0028-security-headers-and-compression.md). Built assets are compressed once at
 * build time (scripts/build.mjs) and served as they are; cached pages keep their compressed bytes
 * (page-cache.ts); everything else is compressed here, per answer.
 */

export type Encoding = "br" | "gzip";

/** Bodies smaller than this go out as they are: a compressed frame would save next to nothing. */
export const MIN_COMPRESS_BYTES = 1024;

// Quality 4 (of 11) for brotli and level 6 (of 9) for gzip: measured on the shop's pages, brotli 4
// makes the listing's 92 KB 11.5 KB in 0.7 ms; quality 5 saves 1 KB more for 40 % more time, and
// 11 (what the build uses for assets) takes 130 ms.
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Text types: HTML, React Router's page data (text/x-script), JSON and GraphQL's
 * `application/graphql-response+json`, XML, CSS, scripts, SVG. Never event streams (they must not
 * wait for a compressor) nor multipart answers; images and fonts are compressed already.
 */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream\b)[\w.+-]+|application\/(?:json|javascript|xml)|[\w.-]+\/[\w.-]+\+(?:json|xml))\s*(?:;|$)/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return COMPRESSIBLE.test(contentType ?? "");
}

/**
 * The encoding to answer with, from the request's Accept-Encoding: the one with the highest
 * weight among br and gzip, br on a tie (smaller at the same cost); null for neither (identity).
 * `q=0` refuses an encoding; `*` stands for those not named.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([\d.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (Number.isFinite(q)) weights.set(name === "x-gzip" ? "gzip" : name, q);
  }
  const weight = (name: Encoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weight("br");
  const gz = weight("gzip");
  if (br > 0 && br >= gz) return "br";
  return gz > 0 ? "gzip" : null;
}

/** Compresses a whole body (on libuv's thread pool, beside the thread that renders pages). */
export async function compressBytes(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  const out =
    encoding === "br"
      ? await brotliCompress(bytes, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        })
      : await gzip(bytes, { level: GZIP_LEVEL });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** A compressor that sends on what it has after every chunk written, so a streamed page keeps streaming. */
function streamingCompressor(encoding: Encoding) {
  return encoding === "br"
    ? zlib.createBrotliCompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      })
    : zlib.createGzip({ level: GZIP_LEVEL, flush: zlib.constants.Z_SYNC_FLUSH });
}

const PENDING = Symbol("pending");
const nextTurn = () => new Promise<typeof PENDING>((resolve) => setImmediate(() => resolve(PENDING)));

type Read = ReadableStreamReadResult<Uint8Array>;

/** What is sent: the same bytes (too small), compressed bytes (the whole body was there), or a compressed stream. */
type Encoded =
  | { kind: "small"; bytes: Uint8Array }
  | { kind: "bytes"; bytes: Uint8Array }
  | { kind: "stream"; stream: ReadableStream<Uint8Array> };

/**
 * Compresses a body. A page rendered to one string is all there at once: it is compressed in one
 * piece. A streamed page (handle.stream) is not: what has come is compressed and sent at once, and
 * every later chunk as it comes. Which of the two a body is shows by whether its next chunk is
 * already there or only arrives after the event loop's next turn.
 */
export async function encodeBody(body: ReadableStream<Uint8Array>, encoding: Encoding): Promise<Encoded> {
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  // Too-small bodies go out as they are, so up to the threshold the body is read in any case.
  while (size < MIN_COMPRESS_BYTES) {
    const read = await reader.read();
    if (read.done) return { kind: "small", bytes: concat(head, size) };
    head.push(read.value);
    size += read.value.byteLength;
  }
  for (;;) {
    const next = reader.read();
    const settled = await Promise.race([next, nextTurn()]);
    if (settled === PENDING) return { kind: "stream", stream: compressStream(concat(head, size), next, reader, encoding) };
    if (settled.done) return { kind: "bytes", bytes: await compressBytes(concat(head, size), encoding) };
    head.push(settled.value);
    size += settled.value.byteLength;
  }
}

function compressStream(
  head: Uint8Array,
  pending: Promise<Read>,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  encoding: Encoding,
): ReadableStream<Uint8Array> {
  const compressor = streamingCompressor(encoding);
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      compressor.on("data", (chunk: Buffer) => {
        if (open) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      compressor.once("end", () => {
        if (open) controller.close();
        open = false;
      });
      // Also after a cancel, when writes to the destroyed compressor fail: never unhandled.
      compressor.on("error", (error) => {
        if (open) controller.error(error);
        open = false;
      });
      void (async () => {
        try {
          compressor.write(head);
          let read = await pending;
          while (!read.done) {
            compressor.write(read.value);
            read = await reader.read();
          }
          compressor.end();
        } catch (error) {
          compressor.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    },
    cancel(reason) {
      // The visitor left: stop rendering too.
      open = false;
      compressor.destroy();
      void reader.cancel(reason).catch(() => {});
    },
  });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** Says that the answer depends on Accept-Encoding, for caches between the shop and the browser. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Compresses text answers per the request's Accept-Encoding. Leaves alone: answers already
 * encoded (built assets, cached pages), HEAD, partial answers, bodiless statuses, and answers
 * marked `Cache-Control: no-transform`.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!isCompressible(c.res.headers.get("Content-Type"))) return;
    varyOnEncoding(writableHeaders(c));
    const res = c.res;
    if (
      !res.body ||
      c.req.method === "HEAD" ||
      res.status === 206 ||
      res.headers.has("Content-Encoding") ||
      /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const length = res.headers.get("Content-Length");
    if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return;
    const encoded = await encodeBody(res.body, encoding);
    const headers = new Headers(res.headers);
    if (encoded.kind === "stream") headers.delete("Content-Length");
    else headers.set("Content-Length", String(encoded.bytes.byteLength));
    if (encoded.kind !== "small") {
      headers.set("Content-Encoding", encoding);
      const etag = headers.get("ETag");
      if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
    }
    const body = encoded.kind === "stream" ? encoded.stream : (encoded.bytes as BodyInit);
    replaceResponse(c, new Response(body, { status: res.status, statusText: res.statusText, headers }));
  };
}
