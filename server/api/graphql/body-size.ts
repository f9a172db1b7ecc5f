import { GraphQLError } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";
import { multipartScanner, type MultipartPart } from "../../http/multipart-parts.ts";

/*
 * The most a request body may weigh, by what it is: a JSON query is small; a multipart request
 * carries a file (ADR 46). Yoga's own limit is one number for both, so it is off and this plugin
 * does its work: a declared length over the limit is refused before reading, and a body without
 * one (chunked) is cut off as soon as it passes the limit.
 *
 * A multipart request whose parts are not what the GraphQL multipart request spec says (an
 * `operations` that is not an object, a `map` whose paths are not lists) is answered 400 here:
 * yoga's parser would fail on it with a TypeError, which becomes a 500 and an error in the log.
 *
 * And a multipart request holds what the spec says and no more (issue 22 §7): `operations`, then
 * `map`, then the files the map names, at most MAX_UPLOAD_FILES of them. Yoga's parser read every
 * part into memory and kept the ones the map named, so 2,000 unnamed files were read and dropped.
 * The parts are checked as the bytes pass on their way to yoga (http/multipart-parts.ts); from the
 * first part refused, nothing more reaches yoga, and the answer is 400 with what was wrong.
 */

/**
 * Files one request may carry: the shop's upload mutations take one file each (setProfilePicture,
 * addProductImage) and batching is off, so one. A mutation that takes more would raise it.
 */
export const MAX_UPLOAD_FILES = 1;
/** `operations`, `map` and the files. */
export const MAX_MULTIPART_PARTS = 2 + MAX_UPLOAD_FILES;

/**
 * What is wrong with the next part of a GraphQL multipart request, given those before it; null
 * when it is as the spec has it. `state` collects the map's names as they come.
 */
export function unexpectedPart(part: MultipartPart, state: { seen: string[]; mapped: Set<string> | null }): string | null {
  const { seen } = state;
  seen.push(part.name);
  if (part.kind === "field") {
    if (part.name === "operations" && seen.length === 1) return null;
    if (part.name === "map" && seen.length === 2) {
      let map: unknown;
      try {
        map = JSON.parse(part.value);
      } catch {
        return null; // Yoga's parser says what is wrong with it.
      }
      if (!map || typeof map !== "object" || Array.isArray(map)) return null;
      state.mapped = new Set(Object.keys(map));
      if (state.mapped.size > MAX_UPLOAD_FILES) {
        return `The map names ${state.mapped.size} files; a request may carry at most ${MAX_UPLOAD_FILES}.`;
      }
      return null;
    }
    return `The multipart field "${part.name}" is not expected: send "operations", then "map", then the files the map names.`;
  }
  if (!state.mapped)
    return 'A file came before "operations" and "map": send them first, as the GraphQL multipart request spec says.';
  if (!state.mapped.has(part.name)) return `The file part "${part.name}" is not named by the map.`;
  if (seen.indexOf(part.name) !== seen.length - 1) return `The file part "${part.name}" came twice.`;
  return null;
}

const badMultipart = (message: string) =>
  createGraphQLError(message, { extensions: { http: { status: 400 }, code: "BAD_REQUEST" } });

const tooLarge = () =>
  createGraphQLError("Request body too large", {
    extensions: { http: { status: 413 }, code: "REQUEST_ENTITY_TOO_LARGE" },
  });

export function bodySizePlugin(limits: { json: number; multipart: number }): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser }) {
      const multipart = /^multipart\/form-data\s*(?:;|$)/i.test(request.headers.get("content-type") ?? "");
      const limit = multipart ? limits.multipart : limits.json;
      const declared = request.headers.get("content-length");
      if (declared !== null) {
        if (!/^\d+$/.test(declared)) {
          throw createGraphQLError("Content-Length header is invalid.", {
            extensions: { http: { status: 400 }, code: "BAD_REQUEST" },
          });
        }
        if (Number(declared) > limit) throw tooLarge();
      }
      if (!requestParser || !request.body) return;
      const parse = requestParser;
      setRequestParser((original) => {
        let read = 0;
        let exceeded = false;
        // The parts' check, for a multipart request: the first wrong part ends the body there.
        let refused: string | null = null;
        const state = { seen: [] as string[], mapped: null as Set<string> | null };
        let scanner: ReturnType<typeof multipartScanner> | null = null;
        if (multipart) {
          try {
            scanner = multipartScanner(original.headers.get("content-type") ?? "", {
              maxParts: MAX_MULTIPART_PARTS,
              maxFieldBytes: limit,
              onPart: (part) => {
                refused ??= unexpectedPart(part, state);
              },
              onTooMany: () => {
                refused ??= `A request may carry "operations", "map" and at most ${MAX_UPLOAD_FILES} file${MAX_UPLOAD_FILES === 1 ? "" : "s"}.`;
              },
            });
          } catch {
            scanner = null; // No boundary: yoga's parser refuses it.
          }
        }
        const body = original.body!.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              read += chunk.byteLength;
              exceeded = read > limit;
              if (exceeded) return controller.error(tooLarge());
              // Once a part is refused, the rest is read (the limit above bounds it) but not passed
              // on: yoga keeps nothing more, and the connection stays usable for the client's next
              // request, which a body left half-read would break. The answer comes at its end.
              if (refused) return;
              scanner?.write(chunk);
              if (!refused) controller.enqueue(chunk);
            },
            async flush(controller) {
              // Parts told after the last bytes (a field's value ends with the body).
              // A body the scanner cannot read as a form is refused here too: what it did not
              // read, it did not check, and yoga's own parser may read it differently.
              await scanner?.end().catch(() => {
                refused ??= "The multipart request could not be read as a form.";
              });
              if (refused) controller.error(badMultipart(refused));
            },
          }),
        );
        const parsed = parse(
          new Request(original.url, {
            method: original.method,
            headers: original.headers,
            signal: original.signal,
            body,
            // @ts-expect-error Node's fetch needs it for a streamed body; the DOM types lack it.
            duplex: "half",
          }),
        );
        if (!multipart) return parsed;
        return Promise.resolve(parsed).then(
          (params) => {
            // The spec's operations: one request object (the shop takes no batches).
            if (typeof params !== "object" || params === null || Array.isArray(params)) {
              throw badMultipart('The multipart field "operations" must hold one GraphQL request as a JSON object.');
            }
            return params;
          },
          (error: unknown) => {
            if (exceeded) throw tooLarge();
            if (refused) throw badMultipart(refused);
            if (error instanceof GraphQLError) {
              // Yoga's own refusals of a missing or unreadable field carry no status: they are the client's error.
              if (error.extensions?.http) throw error;
              throw badMultipart(error.message);
            }
            throw badMultipart(
              'The multipart request is not as the GraphQL multipart request spec has it: "operations" holds the request as JSON, "map" names each file\'s variable paths as lists.',
            );
          },
        );
      });
    },
  };
}
