import { readFile } from "node:fs/promises";
import { expect, test } from "vitest";
import { generateResolverTypes, RESOLVER_TYPES_FILE } from "./codegen.ts";

// The resolvers are type-checked against the committed file: it must be the schema's of now.
test("the generated resolver types are those of the schema as it is (else: npm run codegen)", async () => {
  const committed = await readFile(RESOLVER_TYPES_FILE, "utf8");
  const fresh = await generateResolverTypes();
  expect(committed, `${RESOLVER_TYPES_FILE} is out of date: run npm run codegen and commit it`).toBe(fresh);
});
