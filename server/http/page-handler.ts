import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { PageContext } from "../context.ts";
import { pageContextKey } from "./page-context.ts";
import { routeHandlesByPattern } from "./page-routes.ts";

/** Renders a page for a request with its page context. */
export type PageHandler = (request: Request, page: PageContext) => Promise<Response>;

/** React Router's request handler for `build`, handing every page its context (page-context.ts). */
export function pageHandler(build: ServerBuild, mode: string): PageHandler {
  const handle = createRequestHandler(build, mode);
  const handles = routeHandlesByPattern(build.routes);
  const routeHandles = (pattern: string) => handles.get(pattern);
  return (request, page) => handle(request, new RouterContextProvider(new Map([[pageContextKey, { ...page, routeHandles }]])));
}
