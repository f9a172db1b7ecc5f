import { buildSchema, Kind, parse, validate, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { createSchema } from "graphql-yoga";
import { describe, expect, test } from "vitest";
import { customerTypeDefs } from "./customer-type-defs.ts";
import { typeDefs } from "./type-defs.ts";
import { SUGGESTION_COUNT, SUGGESTIONS_QUERY } from "../../../app/lib/search-suggestions.ts";
import { checkoutTypeDefs } from "./checkout-type-defs.ts";
import { subscriptionTypeDefs } from "./subscription-type-defs.ts";
import {
  COST_BUDGET_PER_MINUTE,
  COST_BUDGET_RULE,
  COST_STEP,
  costSteps,
  DEFAULT_LIST_SIZE,
  depthAndAliasLimits,
  LIMITS,
  LIST_SIZES,
  operationCost,
} from "./limits.ts";

// A schema that nests without end, as the shop's may one day (a product's related products...).
const schema = buildSchema(`
  type Node {
    name: String
    child: Node
    children(limit: Int = 5): [Node!]!
    siblings: [Node!]!
    page(pageSize: Int = 10): Page!
  }
  type Page { items: [Node!]! total: Int }
  type Query { node: Node nodes(limit: Int): [Node!]! }
`);

function limitErrors(query: string) {
  return validate(schema, parse(query), [depthAndAliasLimits]).map((error) => ({
    code: error.extensions.code,
    message: error.message,
  }));
}

const nested = (depth: number) => `{ ${"node { ".repeat(1)}${"child { ".repeat(depth - 2)}name${" }".repeat(depth - 1)} }`;

describe("depth", () => {
  test(`up to ${LIMITS.depth} levels pass, deeper is refused`, () => {
    expect(limitErrors(nested(LIMITS.depth))).toEqual([]);
    expect(limitErrors(nested(LIMITS.depth + 1))).toEqual([
      {
        code: "MAX_DEPTH_EXCEEDED",
        message: `The query is nested ${LIMITS.depth + 1} levels deep; the limit is ${LIMITS.depth}.`,
      },
    ]);
  });

  test("fragments count where they are spread, and a fragment cycle does not loop", () => {
    const viaFragments = `
      { node { ...A } }
      fragment A on Node { child { ...B } }
      fragment B on Node { child { child { child { ... on Node { child { child { child { child { name } } } } } } } } }
    `;
    expect(limitErrors(viaFragments)).toEqual([expect.objectContaining({ code: "MAX_DEPTH_EXCEEDED" })]);
    // Spreading a fragment in itself is another rule's error; this rule must still finish.
    expect(limitErrors("{ node { ...Loop } } fragment Loop on Node { child { ...Loop } }")).toEqual([]);
  });

  test("introspection fields are not counted", () => {
    expect(
      limitErrors("{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }"),
    ).toEqual([]);
  });
});

describe("aliases", () => {
  test(`up to ${LIMITS.aliases} pass, counted through fragments`, () => {
    const aliases = (count: number) => Array.from({ length: count }, (_, i) => `a${i}: name`).join(" ");
    expect(limitErrors(`{ node { ${aliases(LIMITS.aliases)} } }`)).toEqual([]);
    expect(limitErrors(`{ node { ...F } x: node { name } } fragment F on Node { ${aliases(LIMITS.aliases)} }`)).toEqual([
      { code: "MAX_ALIASES_EXCEEDED", message: `The query has ${LIMITS.aliases + 1} aliases; the limit is ${LIMITS.aliases}.` },
    ]);
  });
});

describe("cost", () => {
  function cost(query: string, variables: Record<string, unknown> = {}) {
    const document = parse(query);
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const fragments = Object.fromEntries(
      document.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((fragment) => [fragment.name.value, fragment]),
    );
    return operationCost(schema, operation, fragments, variables);
  }

  test("every field counts one", () => {
    expect(cost("{ node { name child { name } } }")).toBe(4);
  });

  test("a list multiplies its selection by its limit, its default, or the default list size", () => {
    expect(cost("{ nodes(limit: 3) { name } }")).toBe(1 + 3 * 1);
    expect(cost("{ node { children { name } } }")).toBe(1 + (1 + 5 * 1));
    expect(cost("{ node { siblings { name child { name } } } }")).toBe(1 + (1 + DEFAULT_LIST_SIZE * 3));
    expect(cost("{ nodes(limit: 2) { children(limit: 4) { name } } }")).toBe(1 + 2 * (1 + 4 * 1));
    // A list's own limit says nothing about the lists inside its items.
    expect(cost("{ nodes(limit: 2) { siblings { name } } }")).toBe(1 + 2 * (1 + DEFAULT_LIST_SIZE * 1));
  });

  test("a page's items count as its page size, from a literal, a variable or the default", () => {
    expect(cost("{ node { page(pageSize: 50) { total items { name } } } }")).toBe(1 + (1 + (1 + (1 + 50))));
    expect(cost("query($n: Int) { node { page(pageSize: $n) { items { name } } } }", { n: 7 })).toBe(1 + (1 + (1 + 7)));
    expect(cost("{ node { page { items { name } } } }")).toBe(1 + (1 + (1 + 10)));
  });

  test("fragments count where they are spread", () => {
    expect(cost("{ nodes(limit: 3) { ...F } } fragment F on Node { name child { name } }")).toBe(1 + 3 * 3);
    expect(cost("{ nodes(limit: 3) { ... on Node { name } } }")).toBe(1 + 3);
  });
});

describe("fragments spread many times", () => {
  // Each fragment spreads the next twice: 2^30 paths through 30 small fragments of text.
  const chain = (levels: number, leaf: string) =>
    `{ node { ...F0 } } ` +
    Array.from({ length: levels }, (_, i) => `fragment F${i} on Node { ...F${i + 1} ...F${i + 1} }`).join(" ") +
    ` fragment F${levels} on Node { ${leaf} }`;

  // Walking every path would take hours and this test would never finish within its time-out.
  test("are measured once each: a short query cannot make the server walk 2^n paths", () => {
    expect(limitErrors(chain(30, "name"))).toEqual([]);
    expect(limitErrors(chain(30, "a: name"))).toEqual([expect.objectContaining({ code: "MAX_ALIASES_EXCEEDED" })]);
    const query = parse(chain(30, "name"));
    const operation = query.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
    const fragments = Object.fromEntries(
      query.definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((f) => [f.name.value, f]),
    );
    expect(operationCost(schema, operation, fragments, {})).toBeGreaterThan(LIMITS.cost);
  });
});

describe("the shop's own lists", () => {
  test("countries cost what the whole data set is: all 252 countries and their 1,350 provinces (Google's data)", () => {
    const shopSchema = createSchema({ typeDefs: [typeDefs, customerTypeDefs] });
    const document = parse("{ countries { code name provinces { code name } } }");
    const operation = document.definitions[0] as OperationDefinitionNode;
    const cost = operationCost(shopSchema, operation, {}, {});
    expect(LIST_SIZES["Query.countries"]).toBe(252);
    // Every country's two fields and provinces field, and every province's two: about 3,500 fields.
    expect(cost).toBeGreaterThan(252 * 3 + 1_350 * 2);
    expect(cost).toBeLessThanOrEqual(LIMITS.cost);
    // Asked for three times (aliases), it is refused: it once counted 20 countries of 20 provinces.
    const thrice = parse(
      `{ ${["a", "b", "c"].map((alias) => `${alias}: countries { code name provinces { code name } }`).join(" ")} }`,
    );
    expect(operationCost(shopSchema, thrice.definitions[0] as OperationDefinitionNode, {}, {})).toBeGreaterThan(LIMITS.cost);
  });

  test("one country's address format counts its provinces as the longest list (Italy's 110)", () => {
    const shopSchema = createSchema({ typeDefs: [typeDefs, customerTypeDefs] });
    const document = parse('{ addressFormat(country: "IT") { rows provinces { code name } } }');
    expect(LIST_SIZES["AddressFormat.provinces"]).toBe(110);
    expect(operationCost(shopSchema, document.definitions[0] as OperationDefinitionNode, {}, {})).toBeGreaterThan(110 * 2);
  });
});

describe("the budget of cost a minute (ADR 29, issue 22 §5)", () => {
  const shopSchema = createSchema({ typeDefs: [typeDefs, customerTypeDefs, checkoutTypeDefs, subscriptionTypeDefs] });
  const costOf = (query: string, variables: Record<string, unknown> = {}) =>
    operationCost(shopSchema, parse(query).definitions[0] as OperationDefinitionNode, {}, variables);

  // What a headless storefront on Apollo Client asks for, field for field as its pages show them.
  const listing = `query Listing($category: String) { products(scope: { category: $category }, pageSize: 24) {
    total page pageSize pageCount
    items { id slug name categorySlug brand { slug name } price { amount currency } compareAtPrice { amount currency }
      onSale inStock colours { name hex } image { alt width height src(width: 320) } }
    facets { price { min { amount } max { amount } } sizes { value label count selected }
      colours { value label count selected hex } brands { value label count selected }
      subCategories { value label count selected } attributes { name options { value label count selected } } inStock }
  } }`;
  const product = `query Product($slug: String) { product(slug: $slug) { id slug name description
    brand { slug name logoPath } category { slug name } subCategory { slug name } attributes { name value }
    images { path alt width height src(width: 640) }
    variants { id sku size colour colourHex stock inStock price { amount currency } compareAtPrice { amount currency } }
    priceRange { min { amount currency } max { amount currency } } inStock } }`;
  const bag = `query Bag { cart { id itemCount subtotal { amount currency } savings { amount currency }
    lines { id variantId productId slug categorySlug name brand sku size colour colourHex image { alt src(width: 96) }
      quantity unitPrice { amount currency } compareAtPrice { amount } lineTotal { amount currency } stock available problem
      options { variantId size colour colourHex stock } } } }`;

  test("the rule counts steps of COST_STEP that add up to the budget in units", () => {
    expect(COST_BUDGET_RULE.limit * COST_STEP).toBe(COST_BUDGET_PER_MINUTE);
    expect(costSteps(0)).toBe(1);
    expect(costSteps(100)).toBe(1);
    expect(costSteps(101)).toBe(2);
    expect(costSteps(LIMITS.cost)).toBe(LIMITS.cost / COST_STEP);
  });

  test("a person browsing an Apollo storefront as fast as they can spends under three quarters of it", () => {
    const suggestions = costOf(SUGGESTIONS_QUERY, { text: "glo", limit: SUGGESTION_COUNT });
    // The shop's own pages: suggestions are their costliest GraphQL (subscriptions cost a few units).
    expect(suggestions).toBe(91);
    expect(costOf("subscription StockChanged($id: ID!) { stockChanged(productId: $id) { variantId available left } }")).toBe(4);
    const minute =
      12 * costSteps(costOf(listing)) + // a listing with facets every five seconds
      6 * costSteps(costOf(product)) +
      6 * costSteps(costOf(bag)) + // the bag read again after each change (priced at its 50-line limit)
      40 * costSteps(suggestions); // forty keystrokes of suggestions
    expect(minute * COST_STEP).toBeLessThan(COST_BUDGET_PER_MINUTE * 0.75);
    expect(minute * COST_STEP).toBeGreaterThan(COST_BUDGET_PER_MINUTE / 2);
  });

  test("the most costly queries the limits allow: twelve a minute, where the probe had 53", () => {
    expect(Math.floor(COST_BUDGET_RULE.limit / costSteps(LIMITS.cost))).toBe(12);
    // The probe's query (9,214 units on the countries' data set of then) fits the budget's units.
    const probe = costOf("{ countries { code name provinces { code name } } }");
    expect(Math.floor(COST_BUDGET_RULE.limit / costSteps(probe)) * probe).toBeLessThanOrEqual(COST_BUDGET_PER_MINUTE);
  });

  test("a subscription is priced by the Subscription type's fields, not as nothing", () => {
    expect(costOf("subscription { bagChanged { itemCount } }")).toBe(2);
  });
});
