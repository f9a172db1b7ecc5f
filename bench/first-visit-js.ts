// The JavaScript a first visit of a page loads: the files its HTML names (script src,
// modulepreload, the imports of inline module scripts) plus, transitively, their static imports.
// Each file is gzipped (zlib level 9) and counted as the framework's or the shop's own.
import { basename } from "node:path";
import { gzipSync } from "node:zlib";
import { FRAMEWORK_CHUNK_PREFIX } from "./config.ts";
import { assertLocal, getLocal } from "./local-http.ts";

export interface JsFile {
  path: string;
  bytes: number;
  gzipBytes: number;
  framework: boolean;
  /** Named by the HTML (false: only reached through another file's static import). */
  inHtml: boolean;
}

export interface FirstVisitJs {
  files: JsFile[];
  frameworkGzipBytes: number;
  shopGzipBytes: number;
  /** Things worth a look, e.g. a file reached through an import that the HTML does not preload. */
  notes: string[];
}

const SCRIPT_SRC = /<script\b[^>]*?\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi;
const LINK_TAG = /<link\b[^>]*>/gi;
const MODULE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// `import x from "y"`, `import * as x from "y"`, `import "y"`, `import("y")`, `export ... from "y"`.
const INLINE_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']\s*\)|\b(?:import|from)\s*["']([^"']+)["']/g;
// Static imports only in built chunks: their dynamic import()s are loaded later, on demand.
const STATIC_IMPORT = /\b(?:import|from)\s*["']([^"']+\.m?js)["']/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1];
}

/** The JS addresses an HTML page names, resolved against the page's address. */
export function jsInHtml(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (spec: string) => found.add(new URL(spec, pageUrl).href);
  for (const m of html.matchAll(SCRIPT_SRC)) add(m[1]!);
  for (const m of html.matchAll(LINK_TAG)) {
    const tag = m[0];
    const rel = attribute(tag, "rel")?.toLowerCase().split(/\s+/) ?? [];
    const href = attribute(tag, "href");
    if (href && rel.includes("modulepreload")) add(href);
  }
  for (const m of html.matchAll(MODULE_SCRIPT)) {
    const attrs = m[1] ?? "";
    if (!/\btype\s*=\s*["']?module/i.test(attrs) || /\bsrc\s*=/.test(attrs)) continue;
    for (const i of (m[2] ?? "").matchAll(INLINE_IMPORT)) add((i[1] ?? i[2])!);
  }
  return [...found];
}

export async function firstVisitJs(html: string, pageUrl: string): Promise<FirstVisitJs> {
  const origin = assertLocal(pageUrl).origin;
  const fromHtml = jsInHtml(html, pageUrl);
  const queue = [...fromHtml];
  const seen = new Set(queue);
  const files: JsFile[] = [];
  const notes: string[] = [];
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (new URL(url).origin !== origin)
      throw new Error(`The page loads JavaScript from another origin (${url}); the bench does not fetch it.`);
    const response = await getLocal(url);
    const path = new URL(url).pathname;
    const inHtml = fromHtml.includes(url);
    if (response.status !== 200) {
      // A file the HTML names must exist; a match in a chunk's text may be a false positive.
      if (inHtml) throw new Error(`GET ${url} answered ${response.status}`);
      notes.push(`${path}: looked like a static import but answered ${response.status}; not counted`);
      continue;
    }
    if (!inHtml) notes.push(`${path}: loaded through a static import but not preloaded by the HTML`);
    files.push({
      path,
      bytes: response.body.length,
      gzipBytes: gzipSync(response.body, { level: 9 }).length,
      framework: basename(path).startsWith(FRAMEWORK_CHUNK_PREFIX),
      inHtml,
    });
    for (const m of response.body.toString("utf8").matchAll(STATIC_IMPORT)) {
      const next = new URL(m[1]!, url).href;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  const sum = (list: JsFile[]) => list.reduce((total, f) => total + f.gzipBytes, 0);
  return {
    files,
    frameworkGzipBytes: sum(files.filter((f) => f.framework)),
    shopGzipBytes: sum(files.filter((f) => !f.framework)),
    notes,
  };
}
