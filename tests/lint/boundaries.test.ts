import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

/*
 * The boundary lint (eslint.boundaries.js, ADR 53) run through ESLint's own API on small files
 * that exist only in memory, placed where a real file would be: a wrong import must fail the
 * lint, the right one must pass. And the files pages share (shared.ts) must stay free of server
 * code, since what a page component takes from them ships to the browser.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const eslint = new ESLint({ cwd: root });

/** The boundary errors ESLint reports for `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.filter((m) => m.ruleId === "boundaries/dependencies").map((m) => m.message);
}

describe("the boundary lint", { timeout: 60_000 }, () => {
  test("a module may not import another module's internal file, only its index.ts or shared.ts", async () => {
    const checkout = "server/modules/checkout/probe.ts";
    expect(
      await boundaryErrors(checkout, `import { quantityCap } from "../cart/limits.ts";\nexport const cap = quantityCap;\n`),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(checkout, `import { isCartToken } from "../cart/index.ts";\nexport const check = isCartToken;\n`),
    ).toEqual([]);
    expect(
      await boundaryErrors(checkout, `import { quantityCap } from "../cart/shared.ts";\nexport const cap = quantityCap;\n`),
    ).toEqual([]);
    // Its own files are its own business.
    expect(
      await boundaryErrors(checkout, `import { placeOrderInput } from "./schemas.ts";\nexport const input = placeOrderInput;\n`),
    ).toEqual([]);
  });

  test("no layer imports one above it", async () => {
    // lib is below the modules, http below the APIs, modules below the services put together.
    expect(
      await boundaryErrors(
        "server/lib/probe.ts",
        `import type { Visitor } from "../modules/rate-limit/index.ts";\nexport type V = Visitor;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "server/http/probe.ts",
        `import { errorBody } from "../api/graphql/errors.ts";\nexport const body = errorBody;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "server/modules/cart/probe.ts",
        `import type { Services } from "../../services.ts";\nexport type S = Services;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        "server/http/probe.ts",
        `import { isCartToken } from "../modules/cart/index.ts";\nexport const check = isCartToken;\n`,
      ),
    ).toEqual([]);
  });

  test("pages import from the server only what it offers them", async () => {
    const page = "app/components/probe.tsx";
    // A module's internal file, and a module's server surface for a value: refused.
    expect(
      await boundaryErrors(
        page,
        `import { quantityCap } from "../../server/modules/cart/limits.ts";\nexport const cap = quantityCap;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        page,
        `import { isCartToken } from "../../server/modules/cart/index.ts";\nexport const check = isCartToken;\n`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        page,
        `import { cachedRead } from "../../server/lib/cached-read.ts";\nexport const read = cachedRead;\n`,
      ),
    ).toHaveLength(1);
    // shared.ts, the page context, and types: allowed.
    expect(
      await boundaryErrors(
        page,
        `import { quantityCap } from "../../server/modules/cart/shared.ts";\nexport const cap = quantityCap;\n`,
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        page,
        `import type { CartView } from "../../server/modules/cart/index.ts";\nexport type C = CartView;\n`,
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        page,
        `import { pageContext } from "../../server/http/page-context.ts";\nexport const read = pageContext;\n`,
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        page,
        `import { formatMoney } from "../../server/lib/shared.ts";\nexport const format = formatMoney;\n`,
      ),
    ).toEqual([]);
  });
});

/** The files a file loads at run time (type-only imports load nothing), resolved; packages as their names. */
function valueImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^;]*?\sfrom\s+)?["']([^"']+)["']/gms)) {
    const spec = match[1]!;
    found.push(spec.startsWith(".") ? join(dirname(file), spec) : spec);
  }
  return found;
}

describe("what pages share", () => {
  const sharedFiles = [
    join(root, "server/lib/shared.ts"),
    ...readdirSync(join(root, "server/modules")).map((module) => join(root, "server/modules", module, "shared.ts")),
  ].filter((file) => existsSync(file));

  test.each(sharedFiles.map((file) => [relative(root, file), file]))("%s loads no server-only code", (_name, file) => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const queue = [file];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      for (const target of valueImports(next)) {
        if (target.startsWith("/")) queue.push(target);
        else packages.add(target);
      }
    }
    // Plain TypeScript: no node: built-ins, no database, and no package at all (zod's schemas
    // once came along this way and added 90 KB to a page's first visit).
    expect([...packages]).toEqual([]);
    expect(
      [...seen]
        .map((path) => relative(root, path))
        .filter(
          (path) =>
            path.startsWith("server/db/") &&
            // Pure data of the db layer that pages need too: no code runs in them.
            ![
              "server/db/schema/news-sections.ts",
              "server/db/schema/payment-methods.ts",
              "server/db/seed/artwork-paths.ts",
            ].includes(path),
        ),
    ).toEqual([]);
  });
});
