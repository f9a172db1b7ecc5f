import { z } from "zod";
import { COMPARE_LIMIT, isProductId } from "./compare-list.ts";
import { expandCompareToggle } from "./toggle.ts";

// Where a compare form returns to, and the ids it carries: in a file of their own, without the
// schemas, because pages share them (shared.ts) and zod must stay out of the browser.
export { formatProductIds, refererPath, safeReturnPath } from "./form-paths.ts";

/*
 * What compare forms send (POST /compare-products) and what the page's address says
 * (?products=slug-a,slug-b&diff=1). Forms are read strictly (a bad one gets a clear error);
 * addresses leniently (a hand-edited link still shows what it can).
 */

const productId = z
  .string()
  .regex(/^\d{1,10}$/, "must be a product id")
  .transform(Number)
  .refine(isProductId, "must be a product id");

const productIds = z
  .string()
  .regex(/^\d{1,10}(\.\d{1,10}){0,3}$/, `must be up to ${COMPARE_LIMIT} product ids joined by dots`)
  .transform((value) => [...new Set(value.split(".").map(Number))])
  .refine((ids) => ids.every(isProductId), "must be product ids");

const common = {
  /** Where the form returns to without JavaScript; checked by safeReturnPath. */
  // Too long or otherwise unusable: ignored (safeReturnPath), and the Referer is used instead.
  returnTo: z.string().optional().catch(undefined),
  /** "fetch" when the page's script sent the form and wants data back rather than a redirect. */
  via: z.literal("fetch").optional(),
};

/** One compare form: add or remove a product, clear the list, or keep a shared comparison as the list. */
export const compareActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId, ...common }),
  z.object({ intent: z.literal("remove"), productId, ...common }),
  z.object({ intent: z.literal("clear"), ...common }),
  z.object({ intent: z.literal("keep"), products: productIds, ...common }),
]);

export type CompareAction = z.infer<typeof compareActionSchema>;

/** Parses a submitted form, a product's toggle included (toggle.ts); null when it is not a compare form. */
export function parseCompareAction(submitted: FormData): CompareAction | null {
  const form = expandCompareToggle(submitted);
  if (!form) return null;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) fields[name] = value;
  const parsed = compareActionSchema.safeParse(fields);
  return parsed.success ? parsed.data : null;
}

const SLUG_OR_ID = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*|\d{1,10})$/;

/**
 * The products a shared address names (?products=slug-a,slug-b; ids work too): null when the
 * address names none, else the well-formed keys without repeats, at most COMPARE_LIMIT.
 */
export function parseSharedProducts(value: string | null): string[] | null {
  if (value === null) return null;
  const keys: string[] = [];
  for (const raw of value.slice(0, 1000).split(",")) {
    const key = raw.trim().toLowerCase();
    if (SLUG_OR_ID.test(key) && key.length <= 200 && !keys.includes(key)) keys.push(key);
    if (keys.length === COMPARE_LIMIT) break;
  }
  return keys;
}

/** The shareable address of a comparison; the commas between slugs stay readable. */
export function sharePath(slugs: readonly string[], differencesOnly: boolean): string {
  const query = [`products=${slugs.map(encodeURIComponent).join(",")}`];
  if (differencesOnly) query.push("diff=1");
  return `/compare-products?${query.join("&")}`;
}
