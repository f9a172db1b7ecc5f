import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { adapterOf, errorAnswer } from "./answer-shapes.ts";
import { UPLOAD_KINDS, UPLOAD_REQUEST_BYTES } from "../modules/media/index.ts";

/*
 * How much a request body may weigh, decided before anything reads it into memory. No form or API
 * call of the shop needs more than a few KB; uploads (ADR 46: GraphQL's multipart requests and the
 * profile picture's plain form) carry a file, up to the largest the shop takes. The payment
 * provider's webhooks have their own limit (api/rest/payment-webhooks.ts).
 */

export const FORM_BODY_BYTES = 64 * 1024;

/**
 * Where a multipart POST may carry a file: GraphQL, the personal details page, a product's images
 * (ADR 65), a category's or brand's page (its picture or logo, ADR 69) and the media library's
 * upload and replace (ADR 78) in the back office,
 * however React Router addresses them (any case, a trailing slash, their data requests `.data` and
 * `/_.data`). The catalogue import (ADR 70) has a limit of its own.
 */
const UPLOAD_PATHS =
  /^\/(?:graphql\/?|(?:my-account\/personal-details|admin\/products\/\d{1,10}\/images|admin\/catalogue\/(?:categories|brands)\/\d{1,10}|admin\/media(?:\/upload|\/\d{1,10})?)(?:\/|\.data|\/_\.data)?)$/i;

const isProductImages = (c: Context) => /^\/admin\/(?:products|media)(?:\/|\.data|$)/i.test(c.req.path);

/** The catalogue import's upload (ADR 70): one CSV file, up to the shop's import limit. */
const IMPORT_PATH = /^\/admin\/imports(?:\/|\.data|\/_\.data)?$/i;

const isMultipart = (c: Context) => /^multipart\/form-data\s*(?:;|$)/i.test(c.req.header("content-type") ?? "");

function isImport(c: Context): boolean {
  return c.req.method === "POST" && IMPORT_PATH.test(c.req.path) && isMultipart(c);
}

function isUpload(c: Context): boolean {
  return c.req.method === "POST" && UPLOAD_PATHS.test(c.req.path) && isMultipart(c);
}

const isGraphQL = (c: Context) => adapterOf(c.req.path) === "graphql";

/** The answer to a body too large, in the shape of the API asked (GraphQL, the content backend's, or text for pages). */
const tooLarge = (c: Context, message: string) =>
  errorAnswer(c, 413, { code: "REQUEST_ENTITY_TOO_LARGE", name: "PayloadTooLargeError" }, message);

/** `importBytes`: the largest catalogue CSV the shop takes (the form's own fields come on top). */
export function bodyLimits(options: { importBytes?: number } = {}): MiddlewareHandler {
  const importBytes = options.importBytes ?? UPLOAD_REQUEST_BYTES;
  const imports = bodyLimit({
    maxSize: importBytes + FORM_BODY_BYTES,
    onError: (c) => tooLarge(c, `The file is larger than ${Math.floor(importBytes / 1024 / 1024)} MB, the shop's import limit.`),
  });
  const forms = bodyLimit({ maxSize: FORM_BODY_BYTES, onError: (c) => tooLarge(c, "The request body is too large.") });
  const uploads = bodyLimit({
    maxSize: UPLOAD_REQUEST_BYTES,
    onError: (c) =>
      tooLarge(
        c,
        isGraphQL(c)
          ? "The upload is too large."
          : isProductImages(c)
            ? `The images are too large: at most ${UPLOAD_KINDS["product-image"].maxBytes / 1024 / 1024} MB together.`
            : `The file is too large: pictures may be at most ${UPLOAD_KINDS.picture.maxBytes / 1024 / 1024} MB.`,
      ),
  });
  return (c, next) => {
    if (c.req.path.startsWith("/webhooks/")) return next();
    if (isImport(c)) return imports(c, next);
    return isUpload(c) ? uploads(c, next) : forms(c, next);
  };
}
