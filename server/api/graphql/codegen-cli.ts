import { writeFile } from "node:fs/promises";
import { generateResolverTypes, RESOLVER_TYPES_FILE } from "./codegen.ts";

// `npm run codegen`: writes the resolver types for the schema as it is now (codegen.ts).
await writeFile(RESOLVER_TYPES_FILE, await generateResolverTypes());
console.log(`wrote ${RESOLVER_TYPES_FILE}`);
