import { buildSchema, Kind, parse, validate, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { createSchema } from "graphql-yoga";
import { describe, expect, test } from "vitest";
import { customerTypeDefs } from "./customer-type-defs.ts";
import { typeDefs } from "./type-defs.ts";
import { DEFAULT_LIST_SIZE, depthAndAliasLimits, LIMITS, LIST_SIZES, operationCost } from "./limits.ts";

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
