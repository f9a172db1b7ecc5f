import { ShopError } from "../../lib/shop-error.ts";

/** Which query parameter a problem is in, as Strapi's details name it. */
export type QueryParam = "filters" | "sort" | "fields" | "populate" | "pagination" | "status";

/**
 * Strapi's answer to a key a query may not use (an unknown or private field, an unknown
 * operator): 400 "Invalid key {key}" (at {path}), details {key, path, source, param}.
 */
export function invalidKey(param: QueryParam, key: string, path: string | null = null): ShopError {
  const where = path !== null && path !== key ? ` at ${path}` : "";
  return new ShopError("INVALID_QUERY", `Invalid key ${key}${where}`, {
    details: { key, path, source: "query", param },
  });
}

/** A parameter whose value is not understood: 400, naming the parameter and what it takes. */
export function invalidValue(param: QueryParam, path: string, message: string): ShopError {
  return new ShopError("INVALID_QUERY", message, { details: { key: path, path, source: "query", param } });
}
