import { createContext, type RouterContextProvider } from "react-router";
import type { PageContext } from "../context.ts";

/** What the page guards need besides the request context: the route options of the matched page. */
export interface PageRequest extends PageContext {
  /** The `handle` exports of the routes matched by React Router's `pattern`, root first; undefined for an unknown pattern. */
  routeHandles(pattern: string): readonly unknown[] | undefined;
}

// One key for the server's bundle and the pages' bundle (each has its own copy of this file, and
// React Router finds context values by the key's identity): kept on globalThis under a symbol.
const KEY = Symbol.for("safe-hands.page-context");
const holder = globalThis as typeof globalThis & { [KEY]?: ReturnType<typeof createContext<PageRequest>> };
export const pageContextKey = (holder[KEY] ??= createContext<PageRequest>());

/** The request context of a page's loader, action or middleware (React Router's `context`). */
export function pageContext(context: Readonly<RouterContextProvider>): PageRequest {
  return context.get(pageContextKey);
}
