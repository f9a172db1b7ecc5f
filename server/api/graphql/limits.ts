import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { COMMUNICATION_CHANNELS, COMMUNICATION_TOPICS } from "../../db/schema/communication-preferences.ts";
import { MAX_BAG_LINES } from "../../modules/cart/index.ts";
import { countries, MAX_ADDRESSES } from "../../modules/customers/index.ts";
import { addressKey, type RateLimiter, type RateLimitRule } from "../../modules/rate-limit/index.ts";
import type { GraphQLContext } from "./context.ts";
import { shopError } from "./errors.ts";

/*
 * Bounds on what one request may ask of the shop (docs/decisions/0015-graphql-api.md): the query
 * text's length, the nesting depth, the number of aliases and an estimated cost, so no request
 * can make the server do unbounded work. Depth and aliases are fixed by the text and checked as
 * validation rules (cached with the parsed query); the cost depends on page sizes that may come
 * in variables, so it is computed just before execution.
 *
 * Introspection fields (__schema, __type, __typename) are not counted: they are off in
 * production, and in development GraphiQL's own introspection query would exceed the depth.
 */

export const LIMITS = {
  /** Characters of query text; a listing query asking for every field has about 700. */
  queryLength: 10_000,
  /** Bytes of a request body: the query plus its variables. */
  bodyBytes: 64 * 1024,
  /** Nested fields; the shop's deepest useful query (a listing's attribute facets) has 5. */
  depth: 8,
  aliases: 15,
  /** Estimated fields resolved; a listing page of 100 cards with every field and facet is about 8,400. */
  cost: 10_000,
} as const;

/** How many items a list counts for when nothing in the query or the table below says how long it is. */
export const DEFAULT_LIST_SIZE = 20;

const allCountries = countries();

/**
 * The real length of lists no argument bounds (issue 10 F1), where it is known: the country list
 * and its provinces are a fixed data set (Google's: 252 countries, 1,350 provinces), and the customer's
 * lists have the account area's and the bag's limits. The catalogue's lists (brands, facets, a
 * card's colours) count DEFAULT_LIST_SIZE, about what a keeper shop holds of each.
 */
export const LIST_SIZES: Readonly<Record<string, number>> = {
  "Query.countries": allCountries.length,
  // Per country on average, so the whole list costs what all its provinces are.
  "Country.provinces": Math.ceil(allCountries.reduce((sum, country) => sum + country.provinces.length, 0) / allCountries.length),
  // One country's: the longest list any country has.
  "AddressFormat.provinces": Math.max(...allCountries.map((country) => country.provinces.length)),
  "Cart.lines": MAX_BAG_LINES,
  "Customer.addresses": MAX_ADDRESSES,
  "Customer.preferences": COMMUNICATION_TOPICS.length * COMMUNICATION_CHANNELS.length,
  "Order.lines": MAX_BAG_LINES,
  "PlacedOrder.lines": MAX_BAG_LINES,
  // Awaiting payment, paid, shipped, delivered, refunds: an order's life has a handful of steps.
  "PlacedOrder.history": 10,
  "Mutation.updatePreferences": COMMUNICATION_TOPICS.length * COMMUNICATION_CHANNELS.length,
};

/**
 * The cost one visitor (network address) may spend per minute, in the units operationCost counts
 * (ADR 29, issue 22 §5). Chosen from what real clients spend: the shop's own pages only ask for
 * search suggestions (about 90 a keystroke) and subscriptions over GraphQL, while a headless
 * storefront on Apollo Client browsing as fast as a person can (a listing with facets every five
 * seconds, six product pages, the bag read after each of six changes, forty keystrokes of
 * suggestions) spends about 87,000 a minute (limits.test.ts measures those operations). 120,000
 * lets that shopper through with room for a second one behind the same address, and lets a script
 * sending the most costly queries the limits allow (10,000 each) have twelve a minute.
 */
export const COST_BUDGET_PER_MINUTE = 120_000;
/**
 * The budget is kept in steps of this many units (a query spends its cost rounded up to a step,
 * at least one), so a Redis log holds at most COST_BUDGET_PER_MINUTE / COST_STEP events per
 * address. The rule's limit is in steps: it once said 5,000 (steps) where the documents read
 * 5,000 units, and let a hundred times the budget through.
 */
export const COST_STEP = 100;
export const COST_BUDGET_RULE: RateLimitRule = {
  name: "graphql-cost",
  limit: COST_BUDGET_PER_MINUTE / COST_STEP,
  windowMs: 60_000,
};

const seconds = (count: number) => `${count} second${count === 1 ? "" : "s"}`;

/** What a query of this cost spends from the budget, in steps. */
export function costSteps(cost: number): number {
  return Math.max(1, Math.ceil(cost / COST_STEP));
}

/** Arguments that say how long a list is: on the list field itself or on the field above it. */
const SIZE_ARGUMENTS = ["limit", "pageSize", "first"] as const;

type Fragments = Record<string, FragmentDefinitionNode>;

/**
 * Depth and alias count of an operation, following its fragments (cycles are another rule's
 * error). A fragment's depth and aliases do not depend on where it is spread, so each is measured
 * once: spreading fragments that spread others twice must not cost the server 2^n walks.
 */
export function measureOperation(operation: OperationDefinitionNode, fragments: Fragments) {
  const measured = new Map<string, { depth: number; aliases: number }>();
  const measure = (selectionSet: SelectionSetNode, visiting: Set<string>): { depth: number; aliases: number } => {
    let deepest = 0;
    let aliases = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith("__")) continue;
        if (selection.alias) aliases++;
        const below = selection.selectionSet ? measure(selection.selectionSet, visiting) : { depth: 0, aliases: 0 };
        deepest = Math.max(deepest, 1 + below.depth);
        aliases += below.aliases;
      } else {
        let inner: { depth: number; aliases: number };
        if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = measure(selection.selectionSet, visiting);
        } else {
          const name = selection.name.value;
          const fragment = fragments[name];
          if (!fragment || visiting.has(name)) continue;
          let known = measured.get(name);
          if (!known) {
            visiting.add(name);
            known = measure(fragment.selectionSet, visiting);
            visiting.delete(name);
            measured.set(name, known);
          }
          inner = known;
        }
        deepest = Math.max(deepest, inner.depth);
        aliases += inner.aliases;
      }
    }
    return { depth: deepest, aliases };
  };
  return measure(operation.selectionSet, new Set());
}

function fragmentsOf(document: DocumentNode): Fragments {
  const fragments: Fragments = Object.create(null) as Fragments;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return fragments;
}

/** Validation rule: every operation of the document stays within the depth and alias limits. */
export const depthAndAliasLimits: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    const { depth, aliases } = measureOperation(operation, fragmentsOf(context.getDocument()));
    if (depth > LIMITS.depth) {
      context.reportError(
        limitError("MAX_DEPTH_EXCEEDED", `The query is nested ${depth} levels deep; the limit is ${LIMITS.depth}.`, operation),
      );
    }
    if (aliases > LIMITS.aliases) {
      context.reportError(
        limitError("MAX_ALIASES_EXCEEDED", `The query has ${aliases} aliases; the limit is ${LIMITS.aliases}.`, operation),
      );
    }
  },
});

function limitError(code: "MAX_DEPTH_EXCEEDED" | "MAX_ALIASES_EXCEEDED", message: string, node: OperationDefinitionNode) {
  return new GraphQLError(message, { nodes: [node], extensions: { code } });
}

/**
 * Estimated cost of an operation: every field counts 1, and a list multiplies what is selected
 * in it by its length: the `limit`, `pageSize` or `first` argument of the list field or of the
 * field above it (products(pageSize: 50) { items { ... } }), else DEFAULT_LIST_SIZE.
 */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Fragments,
  variables: Record<string, unknown>,
): number {
  // A subscription's fields are on the Subscription type: priced as Query, they cost nothing.
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  // A fragment's cost depends only on the list length it inherits: computed once per pair, so
  // nested fragments spread many times cost one walk each (the total may be huge; the walk is not).
  const fragmentCosts = new Map<string, number>();

  const costOf = (
    selectionSet: SelectionSetNode,
    type: GraphQLNamedType,
    inheritedSize: number | undefined,
    visiting: Set<string>,
  ): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith("__")) continue;
        const field = isObjectType(type) || isInterfaceType(type) ? type.getFields()[selection.name.value] : undefined;
        if (!field) continue;
        const size = sizeArgument(field, selection, variables);
        const isList = isListType(getNullableType(field.type));
        // A size on a list is its own length; on another field, that of the list below (a page's items).
        const sizeBelow = isList ? undefined : size;
        const below = selection.selectionSet ? costOf(selection.selectionSet, getNamedType(field.type), sizeBelow, visiting) : 0;
        const known = LIST_SIZES[`${isObjectType(type) || isInterfaceType(type) ? type.name : ""}.${selection.name.value}`];
        const length = isList ? (size ?? inheritedSize ?? known ?? DEFAULT_LIST_SIZE) : 1;
        total += 1 + length * below;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const next = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) ?? type) : type;
        total += costOf(selection.selectionSet, next, inheritedSize, visiting);
      } else {
        const name = selection.name.value;
        const fragment = fragments[name];
        if (!fragment || visiting.has(name)) continue;
        const key = `${name}|${inheritedSize ?? ""}`;
        let cost = fragmentCosts.get(key);
        if (cost === undefined) {
          visiting.add(name);
          const next = schema.getType(fragment.typeCondition.name.value) ?? type;
          cost = costOf(fragment.selectionSet, next, inheritedSize, visiting);
          visiting.delete(name);
          fragmentCosts.set(key, cost);
        }
        total += cost;
      }
    }
    return total;
  };
  return costOf(operation.selectionSet, root, undefined, new Set());
}

function sizeArgument(
  field: Parameters<typeof getArgumentValues>[0],
  node: Parameters<typeof getArgumentValues>[1],
  variables: Record<string, unknown>,
): number | undefined {
  if (!field.args.some((arg) => (SIZE_ARGUMENTS as readonly string[]).includes(arg.name))) return undefined;
  let values: Record<string, unknown>;
  try {
    values = getArgumentValues(field, node, variables);
  } catch {
    // Bad argument values: execution refuses them with a clear error of its own.
    return undefined;
  }
  for (const name of SIZE_ARGUMENTS) {
    const value = values[name];
    if (typeof value === "number" && Number.isFinite(value)) return Math.max(0, value);
  }
  return undefined;
}

/** The operation execution would run: the named one, else the only one. */
function selectedOperation(document: DocumentNode, operationName: string | null | undefined) {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operationName) return operations.find((operation) => operation.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * Yoga plugin for the limits: query length before anything else is done with the text, depth
 * and aliases with validation, cost before execution.
 */
export function shopLimitsPlugin(options: { budget?: RateLimiter } = {}): Plugin {
  return {
    onParams({ params }) {
      if (typeof params.query === "string" && params.query.length > LIMITS.queryLength) {
        throw shopError(
          "QUERY_TOO_LARGE",
          `The query is ${params.query.length} characters long; the limit is ${LIMITS.queryLength}.`,
          {
            http: { status: 413 },
          },
        );
      }
    },
    onValidate({ addValidationRule }) {
      addValidationRule(depthAndAliasLimits);
    },
    onExecute: (payload) => checkCost(options.budget, payload),
    // Subscriptions (over WebSocket) keep the same rules as queries.
    onSubscribe: (payload) => checkCost(options.budget, payload),
  };
}

/**
 * The cost rule before an operation runs, a query's or a subscription's alike: refused above
 * LIMITS.cost, and spent from the visitor's budget.
 */
async function checkCost(
  budget: RateLimiter | undefined,
  { args, setResultAndStopExecution }: { args: ExecutionArgs; setResultAndStopExecution: (result: ExecutionResult) => void },
): Promise<void> {
  const operation = selectedOperation(args.document, args.operationName);
  if (!operation) return;
  const cost = operationCost(
    args.schema,
    operation,
    fragmentsOf(args.document),
    (args.variableValues ?? {}) as Record<string, unknown>,
  );
  const visitor = (args.contextValue as Partial<GraphQLContext>).visitor;
  if (budget && visitor && cost <= LIMITS.cost) {
    // Every query spends from its address's budget, at least one step, refused ones included.
    const verdict = await budget.hit(addressKey(visitor.ip), costSteps(cost));
    if (verdict.limited) {
      setResultAndStopExecution({
        errors: [
          shopError(
            "TOO_MANY_REQUESTS",
            `Too many costly queries from your network: each address may spend ${COST_BUDGET_PER_MINUTE.toLocaleString("en")} cost units a minute. Please try again in ${seconds(verdict.retryAfterSeconds)}.`,
            {
              retryAfterSeconds: verdict.retryAfterSeconds,
              cost,
              budgetPerMinute: COST_BUDGET_PER_MINUTE,
              http: { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
            },
          ),
        ],
      });
      return;
    }
  }
  if (cost > LIMITS.cost) {
    setResultAndStopExecution({
      errors: [
        shopError(
          "MAX_COST_EXCEEDED",
          `The query would cost about ${cost}; the limit is ${LIMITS.cost}. Ask for smaller pages or fewer fields.`,
          {
            cost,
            limit: LIMITS.cost,
          },
        ),
      ],
    });
  }
}
