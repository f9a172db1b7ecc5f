import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "@fastify/busboy";

/*
 * The parts of a multipart form, read as a stream: text fields with their values, files with
 * their names only (their bytes are passed over, never kept), in the order they came. For checks
 * that must see a form before its handler does (the NUL guard, GraphQL's upload map): they read
 * a clone of the request, so the handler still reads the body as it came.
 */

export type MultipartPart = { name: string; kind: "field"; value: string } | { name: string; kind: "file"; filename: string };

export interface MultipartParts {
  parts: MultipartPart[];
  /** More parts than `maxParts` came: the list stops at maxParts. */
  tooMany: boolean;
}

/** Rejects with an Error when the body is not a readable multipart form (no boundary, cut short). */
export async function readMultipartParts(
  request: Request,
  options: { maxParts?: number; maxFieldBytes: number },
): Promise<MultipartParts> {
  const contentType = request.headers.get("content-type") ?? "";
  const parts: MultipartPart[] = [];
  let tooMany = false;
  if (!request.body) return { parts, tooMany };
  const parser = Busboy({
    headers: { "content-type": contentType },
    // As the handlers' parsers (undici's, yoga's) see a form: a part with a file name is a file, any other is text.
    isPartAFile: (_name, _type, filename) => filename !== undefined,
    limits: { parts: options.maxParts ?? Infinity, fieldSize: options.maxFieldBytes, fieldNameSize: 1024 },
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name: string, value: string) => parts.push({ name, kind: "field", value }));
    parser.on("file", (name: string, stream: Readable, filename: string) => {
      parts.push({ name, kind: "file", filename });
      stream.resume();
    });
    parser.on("partsLimit", () => (tooMany = true));
    parser.on("finish", resolve);
    parser.on("error", reject);
  });
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  body.on("error", (error) => parser.destroy(error));
  body.pipe(parser);
  await done;
  return { parts, tooMany };
}
