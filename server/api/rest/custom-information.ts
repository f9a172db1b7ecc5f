import { Hono } from "hono";
import { z } from "zod";
import { requestContext, type ShopEnv } from "../../context.ts";
import { NotFoundError, ValidationError, answerOtherRequests } from "./errors.ts";

/*
 * GET /ecommerce/custom-information (SPEC §7): the owner's product information blocks (size
 * guides, care, delivery). Without parameters every published block; `product` (slug or id) gives
 * exactly the blocks that product's page shows; `category` (a top-level category's slug) the
 * blocks given to that category or its sub-categories; `kind` narrows either. Unknown parameters,
 * repeated ones and malformed values are a 400 naming the parameter, an unknown product or
 * category a 404 (docs/decisions/0013-shop-api-errors.md). GET .../{id} answers one block.
 * Errors are answered by the /ecommerce app this is mounted in (ecommerce.ts).
 */

const CACHE_GETS = "public, max-age=60";
const ALLOW = "GET, HEAD";

const slug = z
  .string()
  .max(100, "is too long")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a slug such as match-gloves");

/** The query of GET /ecommerce/custom-information; the product accepts a slug or an id, as product pages do. */
export const informationQuerySchema = z.strictObject({
  product: z
    .string()
    .max(200, "is too long")
    .regex(/^(?:\d{1,10}|[a-z0-9]+(?:-[a-z0-9]+)*)$/, "must be a product's slug or id")
    .optional(),
  category: slug.optional(),
  kind: slug.optional(),
});

const PARAMS = Object.keys(informationQuerySchema.shape);

/** The filter the query asks for; throws ValidationError naming the parameter. */
export function parseInformationQuery(params: URLSearchParams): z.infer<typeof informationQuerySchema> {
  const query: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [key, value] of params) {
    const name = key.length > 60 ? `${key.slice(0, 60)}…` : key;
    if (!PARAMS.includes(key)) throw new ValidationError(name, `${name} is not a parameter of this call`);
    if (seen.has(key)) throw new ValidationError(key, `${key} may be given once`);
    seen.add(key);
    // An empty value is what a form sends for a field left blank: the same as no value.
    if (value !== "") query[key] = value;
  }
  const result = informationQuerySchema.safeParse(query);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const param = String(issue.path[0]);
    throw new ValidationError(param, `${param} ${issue.message}`);
  }
  return result.data;
}

/** The routes, to mount at /ecommerce/custom-information inside the shop API (which answers errors). */
export function customInformationApi() {
  const api = new Hono<ShopEnv>();

  api.get("/", async (c) => {
    const filter = parseInformationQuery(new URL(c.req.url).searchParams);
    const blocks = await requestContext(c).services.catalog.customInformation.list(filter);
    c.header("Cache-Control", CACHE_GETS);
    return c.json({ data: blocks, meta: { total: blocks.length } });
  });

  api.get("/:id", async (c) => {
    const id = c.req.param("id");
    const block = /^\d{1,10}$/.test(id) ? await requestContext(c).services.catalog.customInformation.byId(Number(id)) : null;
    if (!block) throw new NotFoundError("Information block not found");
    c.header("Cache-Control", CACHE_GETS);
    return c.json({ data: block, meta: {} });
  });

  answerOtherRequests(api, { "/": ALLOW, "/:id": ALLOW }, { notFound: false });
  return api;
}
