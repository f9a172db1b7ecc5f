import boundaries from "eslint-plugin-boundaries";

/*
 * The shop's module boundaries (ADR 53), kept by eslint-plugin-boundaries: an import from one
 * layer (or module) into another is an error unless a policy below allows it. The layers, lowest
 * first; each may import the ones below it, never one above:
 *
 *   db        server/db: schema, client, migrations (server/root-dir.ts beside it)
 *   lib       server/lib: the shop's general tools (scopes, errors, money, cookies)
 *   module    server/modules/<name>: one per domain. Another module sees only its index.ts (the
 *             server's public surface) and its shared.ts (what pages may share: values, types and
 *             pure functions that need no server); its other files are its own.
 *   wiring    server/services.ts, server/env.ts and server/jobs: the modules put together, the
 *             configuration, the background work's schedule
 *   http      server/http and server/context.ts: the request context, middleware, page plumbing
 *   api       server/api/<kind>: the REST, GraphQL and image adapters, each on its own
 *   process   app.ts, boot.ts, workers.ts and the entry points (main, dev, the CLIs)
 *   app       app/: the pages. From the server they import only what it offers them: a module's
 *             shared.ts, server/lib/shared.ts, the page context (server/http/page-context.ts),
 *             and types (a module's index.ts, server/context.ts). Files named *.server.ts,
 *             which never reach a browser, may also import values from a module's index.ts.
 *
 * Tests (tests/, and *.test.ts beside the sources) may import anything; they are not checked.
 */

/** Folders: what a file belongs to. The first descriptor that matches wins. */
export const elements = [
  { type: "db", pattern: "server/db", partialMatch: false },
  { type: "lib", pattern: "server/lib", partialMatch: false },
  { type: "module", pattern: "server/modules/*", capture: ["module"], partialMatch: false },
  { type: "http", pattern: "server/http", partialMatch: false },
  { type: "api", pattern: "server/api/*", capture: ["api"], partialMatch: false },
  // The files at the top of server/, told apart by their category below.
  { type: "server", pattern: "server", partialMatch: false },
  { type: "app", pattern: "app", partialMatch: false },
  { type: "tests", pattern: "tests", partialMatch: false },
];

/** Single files with a layer of their own. */
export const files = [
  { category: "root-dir", pattern: "server/root-dir.ts" },
  { category: "wiring", pattern: ["server/services.ts", "server/env.ts", "server/jobs/*.ts"] },
  { category: "request-context", pattern: "server/context.ts" },
  {
    category: "process",
    pattern: ["server/{app,boot,workers,main,dev,accounts-cli,accounts-command,owner-cli}.ts", "server/db/migrate-cli.ts", "server/db/seed/cli.ts"],
  },
];

/** The layers as selectors. */
const layer = {
  db: [{ element: { type: "db" } }, { file: { categories: "root-dir" } }],
  lib: { element: { type: "lib" } },
  wiring: { file: { categories: "wiring" } },
  http: [{ element: { type: "http" } }, { file: { categories: "request-context" } }],
  api: { element: { type: "api" } },
  process: { file: { categories: "process" } },
  /** Every module, through its public surface. */
  modules: { element: { type: "module", fileInternalPath: ["index.ts", "shared.ts"] } },
};

const from = (selector, ...allowed) => ({ from: selector, allow: { to: allowed.flat() } });

export const policies = [
  from(layer.db, layer.db),
  from(layer.lib, layer.db, layer.lib),
  from(
    { element: { type: "module" } },
    layer.db,
    layer.lib,
    // Its own files, whatever they are.
    { element: { type: "module", captured: { module: "{{from.element.captured.module}}" } } },
    layer.modules,
  ),
  from(layer.wiring, layer.db, layer.lib, layer.modules, layer.wiring),
  from(layer.http, layer.db, layer.lib, layer.modules, layer.wiring, layer.http),
  from(layer.api, layer.db, layer.lib, layer.modules, layer.wiring, layer.http, {
    element: { type: "api", captured: { api: "{{from.element.captured.api}}" } },
  }),
  from(layer.process, layer.db, layer.lib, layer.modules, layer.wiring, layer.http, layer.api, layer.process),
  from(
    { element: { type: "app" } },
    { element: { type: "app" } },
    { element: { type: "module", fileInternalPath: "shared.ts" } },
    { element: { type: "lib", fileInternalPath: "shared.ts" } },
    { element: { type: "http", fileInternalPath: "page-context.ts" } },
  ),
  // Pages' server-only files (React Router never bundles a *.server module for the browser) may
  // also use a module's server surface: what is needed there and not in a browser (a schema).
  {
    from: { element: { type: "app" }, file: { path: "app/**/*.server.{ts,tsx}" } },
    allow: { to: { element: { type: "module", fileInternalPath: "index.ts" } } },
  },
  // Types cost a page nothing at run time: a module's public types, and the request context's.
  {
    from: { element: { type: "app" } },
    allow: {
      dependency: { kind: "type" },
      to: [{ element: { type: "module", fileInternalPath: "index.ts" } }, { file: { categories: "request-context" } }],
    },
  },
];

export const boundariesConfig = [
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { alwaysTryTypes: true, project: "tsconfig.json" } },
      "boundaries/elements": elements,
      "boundaries/files": files,
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          message:
            "Boundary crossed ({{from.element.type}} -> {{to.element.type}} {{to.element.fileInternalPath}}): modules meet through index.ts or shared.ts, pages take from the server only shared.ts, the page context and types, and no layer imports one above it (ADR 53).",
          policies,
        },
      ],
    },
  },
];
