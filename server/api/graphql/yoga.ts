// Renamed: envelop calls plugins use*, which the React hooks lint rule would take for hooks.
import { createInMemoryAPQStore, useAPQ as persistedQueriesPlugin, type APQStore } from "@graphql-yoga/plugin-apq";
import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import { createSchema, createYoga, type Plugin } from "graphql-yoga";
import type { Logger } from "../../http/logger.ts";
import type { RateLimiter } from "../../modules/rate-limit/index.ts";
import { cartResolvers } from "./cart-resolvers.ts";
import { checkoutResolvers } from "./checkout-resolvers.ts";
import { catalogResolvers } from "./catalog-resolvers.ts";
import { createContext, type GraphQLContext, type RequestExtras } from "./context.ts";
import { customerResolvers } from "./customer-resolvers.ts";
import { LIMITS, shopLimitsPlugin } from "./limits.ts";
import { bodySizePlugin } from "./body-size.ts";
import { UPLOAD_REQUEST_BYTES } from "../../modules/media/index.ts";
import { uploadResolvers } from "./upload-resolvers.ts";
import { searchResolvers } from "./search-resolvers.ts";
import { subscriptionResolvers } from "./subscription-resolvers.ts";
import { shopTypeDefs } from "./schema-type-defs.ts";

export interface ShopYogaOptions {
  /** production: no introspection, no GraphiQL; development: GraphiQL and error details for the developer. */
  mode: "production" | "development" | "test";
  logger?: Logger;
  /** Where persisted queries are kept; one process's memory by default (ADR 15). */
  apqStore?: APQStore;
  /** The cost each visitor may spend per minute (COST_BUDGET_RULE); none: not limited (tests). */
  budget?: RateLimiter;
}

/** Persisted queries kept in memory: enough for every query the shop's pages send, many times over. */
export const APQ_ENTRIES = 1_000;
export const APQ_TTL_MS = 24 * 60 * 60 * 1000;

function createShopSchema() {
  // Resolvers see yoga's server context (RequestExtras) merged with the shop's.
  return createSchema<RequestExtras & GraphQLContext>({
    typeDefs: [...shopTypeDefs],
    resolvers: [
      catalogResolvers,
      searchResolvers,
      cartResolvers,
      customerResolvers,
      checkoutResolvers,
      subscriptionResolvers,
      uploadResolvers,
    ],
  });
}

/**
 * The GraphQL endpoint (graphql-yoga) over the shop's modules, with automatic persisted queries
 * and the production limits of docs/decisions/0015-graphql-api.md. Answers requests routed to
 * /graphql by routes.ts.
 */
export function createShopYoga(options: ShopYogaOptions) {
  const { mode, logger } = options;
  const production = mode === "production";
  const plugins: Plugin[] = [
    // Before APQ, so a query too long is refused before it is stored.
    bodySizePlugin({ json: LIMITS.bodyBytes, multipart: UPLOAD_REQUEST_BYTES }),
    shopLimitsPlugin({ budget: options.budget }),
    persistedQueriesPlugin({ store: options.apqStore ?? createInMemoryAPQStore({ max: APQ_ENTRIES, ttl: APQ_TTL_MS }) }),
  ];
  if (production) plugins.push(noIntrospection, noSuggestions);

  return createYoga<RequestExtras, GraphQLContext>({
    schema: createShopSchema(),
    graphqlEndpoint: "/graphql",
    context: ({ setCookie, shop }) => createContext({ setCookie, shop }),
    plugins,
    // Anything but the shop's own GraphQL errors reaches the client as "Unexpected error."; the
    // original is logged. Only a developer's own machine sees the details.
    maskedErrors: { isDev: mode === "development" },
    batching: false,
    graphiql: mode === "development",
    landingPage: false,
    // Same-origin only: the bag is reached by a cookie, so no other site may read answers.
    cors: false,
    // Uploads (the GraphQL multipart request spec); routes.ts lets only preflighted or
    // same-origin ones through.
    multipart: true,
    maxRequestBodySize: false,
    logging: logger ? yogaLogger(logger) : false,
  });
}

const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

/**
 * In production, errors do not suggest names ("Did you mean ...?"): with introspection off,
 * suggestions would let anyone map the schema by guessing (issue 10 F1).
 */
const noSuggestions: Plugin = {
  onValidate() {
    return ({ result, setResult }) => {
      if (result.length > 0) setResult(result.map(withoutSuggestion));
    };
  },
  onExecute() {
    return {
      onExecuteDone({ result, setResult }) {
        if ("errors" in result && result.errors?.length) setResult({ ...result, errors: result.errors.map(withoutSuggestion) });
      },
    };
  },
};

function withoutSuggestion(error: Error): GraphQLError {
  if (!(error instanceof GraphQLError)) return new GraphQLError(error.message.replace(/\s*Did you mean .*\?$/s, ""));
  const message = error.message.replace(/\s*Did you mean .*\?$/s, "");
  if (message === error.message) return error;
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** Yoga's log calls on the shop's structured logger: errors only, the rest is yoga's chatter. */
function yogaLogger(logger: Logger) {
  const ignore = () => {};
  return {
    debug: ignore,
    info: ignore,
    warn: ignore,
    error: (...args: unknown[]) =>
      logger.error("graphql error", {
        error: args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" "),
      }),
  };
}

export type ShopYoga = ReturnType<typeof createShopYoga>;
