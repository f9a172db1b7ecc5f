/**
 * The back office's lists keep their view in the address (page, sort, filters, search), so a link
 * shares the view and Back returns to it. These write such addresses.
 */

/** The list's address with `changes` applied (null or "" removes a parameter); other filters stay. */
export function listHref(
  path: string,
  current: URLSearchParams | string,
  changes: Record<string, string | number | null>,
): string {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A column's sort link (`sort` and `dir`): by that column, descending first, then the other way round. */
export function sortHref(path: string, current: URLSearchParams | string, column: string, byDefault?: string): string {
  const params = new URLSearchParams(current);
  const next = sortState(params, column, byDefault) === "descending" ? "asc" : "desc";
  return listHref(path, params, { sort: column, dir: next, page: null });
}

/** How a column is sorted now, for aria-sort; `byDefault`: the list's sort when the address names none. */
export function sortState(
  current: URLSearchParams | string,
  column: string,
  byDefault?: string,
): "ascending" | "descending" | undefined {
  const params = new URLSearchParams(current);
  if ((params.get("sort") || byDefault) !== column) return undefined;
  return params.get("dir") === "asc" ? "ascending" : "descending";
}
