import { MAX_SUGGESTIONS, MAX_SEARCH_LENGTH } from "../../modules/catalog/index.ts";
import { listingPage } from "./catalog-resolvers.ts";
import { badUserInput } from "./errors.ts";
import type { Resolvers } from "./generated/resolver-types.ts";
import { toListingRequest } from "./listing-args.ts";

/*
 * Search over GraphQL: `search` is the listing of what a search finds, best first, with the same
 * filters, facets and pagination as any listing (products(query:) is the same within a scope);
 * `searchSuggestions` feeds the header's search box. The catalogue module does the searching.
 */

export const searchResolvers: Resolvers = {
  Query: {
    search(_, args, context) {
      const { text, ...listing } = args;
      return listingPage(context, toListingRequest({ ...listing, query: text }, "text"));
    },

    async searchSuggestions(_, args, context) {
      const limit = args.limit ?? 6;
      if (limit < 1 || limit > MAX_SUGGESTIONS)
        throw badUserInput("limit", `limit must be a whole number from 1 to ${MAX_SUGGESTIONS}`);
      if (args.text.length > MAX_SEARCH_LENGTH) {
        throw badUserInput("text", `text is too long (at most ${MAX_SEARCH_LENGTH} characters)`);
      }
      return context.services.catalog.suggest(args.text, limit, await context.viewer());
    },
  },
};
