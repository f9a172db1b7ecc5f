/*
 * The header search box's suggestions, over GraphQL. The GraphQL client is imported when the
 * first suggestion is asked for, so it is never part of a first page load.
 */

/** One suggested product, as the box shows it. */
export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  categorySlug: string;
  brand: { name: string };
  price: { amount: number; currency: string };
  compareAtPrice: { amount: number } | null;
  image: { alt: string; src: string; src2x: string } | null;
}

/** How many products the box suggests. */
export const SUGGESTION_COUNT = 6;

export const SUGGESTIONS_QUERY = `query SearchSuggestions($text: String!, $limit: Int) {
  searchSuggestions(text: $text, limit: $limit) {
    id slug name categorySlug
    brand { name }
    price { amount currency }
    compareAtPrice { amount }
    image { alt src(width: 96) src2x: src(width: 160) }
  }
}`;

export async function loadSuggestions(text: string, signal: AbortSignal): Promise<Suggestion[]> {
  const { graphqlRequest } = await import("~/lib/graphql-client");
  const data = await graphqlRequest<{ searchSuggestions: Suggestion[] }, { text: string; limit: number }>({
    query: SUGGESTIONS_QUERY,
    operationName: "SearchSuggestions",
    variables: { text, limit: SUGGESTION_COUNT },
    signal,
  });
  return data.searchSuggestions;
}

/** The product page of a suggestion. */
export function suggestionHref(suggestion: Pick<Suggestion, "categorySlug" | "slug">): string {
  return `/shop/${suggestion.categorySlug}/${suggestion.slug}`;
}
