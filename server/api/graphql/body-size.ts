import { createGraphQLError, type Plugin } from "graphql-yoga";

/*
 * The most a request body may weigh, by what it is: a JSON query is small; a multipart request
 * carries a file (ADR 46). Yoga's own limit is one number for both, so it is off and this plugin
 * does its work: a declared length over the limit is refused before reading, and a body without
 * one (chunked) is cut off as soon as it passes the limit.
 */

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
        const body = original.body!.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              read += chunk.byteLength;
              if (read > limit) controller.error(tooLarge());
              else controller.enqueue(chunk);
            },
          }),
        );
        return parse(
          new Request(original.url, {
            method: original.method,
            headers: original.headers,
            signal: original.signal,
            body,
            // @ts-expect-error Node's fetch needs it for a streamed body; the DOM types lack it.
            duplex: "half",
          }),
        );
      });
    },
  };
}
