import { data, redirect } from "react-router";
import type { Catalog, SlugRedirectKind } from "../../server/modules/catalog/index.ts";

/**
 * What a catalogue page answers when it finds nothing at its address: a 301 to where the product,
 * category or brand is now when its slug changed (the query string kept, so filters and the
 * chosen option survive), else 404. Thrown, as loaders answer.
 */
export async function notFoundOrMoved(
  catalog: Pick<Catalog, "movedTo">,
  request: Request,
  kinds: readonly SlugRedirectKind[],
): Promise<never> {
  const url = new URL(request.url);
  const address = await catalog.movedTo(kinds, url.pathname);
  if (address) throw redirect(`${address}${url.search}`, 301);
  throw data(null, { status: 404 });
}
