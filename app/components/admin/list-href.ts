/**
 * The back office's lists keep their view in the address (page, sort, filters, search), so a link
 * shares the view and Back returns to it. These write such addresses.
 */

/** The list's address with `changes` applied (null or "" removes a parameter); other filters stay. */
export function listHref(path: string, current: URLSearchParams | string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A column's sort link: by that column, descending first, then the other way round. */
export function sortHref(path: string, current: URLSearchParams | string, column: string): string {
  const params = new URLSearchParams(current);
  const [by, direction] = (params.get("sort") ?? "").split(":");
  const next = by === column && direction !== "asc" ? "asc" : "desc";
  return listHref(path, params, { sort: `${column}:${next}`, page: null });
}

/** How a column is sorted now, for aria-sort. */
export function sortState(current: URLSearchParams | string, column: string): "ascending" | "descending" | undefined {
  const [by, direction] = (new URLSearchParams(current).get("sort") ?? "").split(":");
  if (by !== column) return undefined;
  return direction === "asc" ? "ascending" : "descending";
}
