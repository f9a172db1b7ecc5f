import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy from "@fastify/busboy";

/*
 * The parts of a multipart form, read as a stream: text fields with their values, files with
 * their names only (their bytes are passed over, never kept), in the order they came. For checks
 * that must see a form before its handler does: the NUL guard reads a clone of the request, so
 * the handler still reads the body as it came; GraphQL's upload check (api/graphql/body-size.ts)
 * reads the bytes as they pass on their way to yoga, and stops them at the first part it refuses.
 */

export type MultipartPart = { name: string; kind: "field"; value: string } | { name: string; kind: "file"; filename: string };

export interface MultipartScanner {
  /** Feeds the next bytes of the body; parts are told to `onPart` as they are read. */
  write(chunk: Uint8Array): void;
  /** The body has ended: resolves once every part is told, rejects when it was not a readable form. */
  end(): Promise<void>;
}

export interface ScanOptions {
  /** Parts past this many are not told; `onTooMany` is called once instead. */
  maxParts?: number;
  /** The longest text field read whole (a longer one would be cut, so it must be at least the body's limit). */
  maxFieldBytes: number;
  onPart(part: MultipartPart): void;
  onTooMany?(): void;
}

/** A scanner of a multipart body with this Content-Type (throws when it has no boundary). */
export function multipartScanner(contentType: string, options: ScanOptions): MultipartScanner {
  const parser = Busboy({
    headers: { "content-type": contentType },
    // As the handlers' parsers (undici's, yoga's) see a form: a part with a file name is a file, any other is text.
    isPartAFile: (_name, _type, filename) => filename !== undefined,
    limits: { parts: options.maxParts ?? Infinity, fieldSize: options.maxFieldBytes, fieldNameSize: 1024 },
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on("field", (name: string, value: string) => options.onPart({ name, kind: "field", value }));
    parser.on("file", (name: string, stream: Readable, filename: string) => {
      options.onPart({ name, kind: "file", filename });
      stream.resume();
    });
    parser.on("partsLimit", () => options.onTooMany?.());
    parser.on("finish", resolve);
    parser.on("error", reject);
  });
  // Told through `end()`; not an unhandled rejection when the caller stopped early.
  done.catch(() => {});
  return {
    write: (chunk) => void parser.write(chunk),
    end: () => {
      parser.end();
      return done;
    },
  };
}

/** Every part of a request's multipart body, the list stopping at `maxParts` (`tooMany` then). */
export async function readMultipartParts(
  request: Request,
  options: { maxParts?: number; maxFieldBytes: number },
): Promise<{ parts: MultipartPart[]; tooMany: boolean }> {
  const parts: MultipartPart[] = [];
  let tooMany = false;
  if (!request.body) return { parts, tooMany };
  const scanner = multipartScanner(request.headers.get("content-type") ?? "", {
    ...options,
    onPart: (part) => parts.push(part),
    onTooMany: () => (tooMany = true),
  });
  for await (const chunk of Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>)) scanner.write(chunk as Uint8Array);
  await scanner.end();
  return { parts, tooMany };
}
