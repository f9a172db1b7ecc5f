import { GraphQLError } from "graphql";
import { createGraphQLError, type Plugin } from "graphql-yoga";

/*
 * The most a request body may weigh, by what it is: a JSON query is small; a multipart request
 * carries a file (ADR 46). Yoga's own limit is one number for both, so it is off and this plugin
 * does its work: a declared length over the limit is refused before reading, and a body without
 * one (chunked) is cut off as soon as it passes the limit.
 *
 * A multipart request whose parts are not what the GraphQL multipart request spec says (an
 * `operations` that is not an object, a `map` whose paths are not lists) is answered 400 here:
 * yoga's parser would fail on it with a TypeError, which becomes a 500 and an error in the log.
 */

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
        const body = original.body!.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              read += chunk.byteLength;
              exceeded = read > limit;
              if (exceeded) controller.error(tooLarge());
              else controller.enqueue(chunk);
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
