import { data } from "react-router";
import type { Route } from "./+types/catch-all";
import { pageMeta, siteFrom } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFrom(matches), { title: "Page not found", path: location.pathname });

/** Any address no other route claims answers 404 with the not-found page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function CatchAll() {
  return null;
}
