/** The search results page for a text (the header's box and its suggestions link there). */
export function searchHref(text: string): string {
  return `/search?${new URLSearchParams({ q: text.trim() })}`;
}
