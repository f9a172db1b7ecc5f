import { safeLocalPath } from "../../lib/safe-path.ts";
import type { CompareList } from "./compare-list.ts";

/** A path within the shop to return to, or null (server/lib/safe-path.ts). */
export const safeReturnPath = safeLocalPath;

/** The path of a Referer header when it is a page of this shop (same origin as the request), else null. */
export function refererPath(referer: string | null, requestUrl: string): string | null {
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(requestUrl).origin) return null;
    return safeReturnPath(from.pathname + from.search);
  } catch {
    return null;
  }
}

/** The ids of a list for the "keep" form's products field. */
export function formatProductIds(list: CompareList): string {
  return list.join(".");
}
