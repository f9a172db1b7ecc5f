import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageMeta, siteFrom } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFrom(matches), { title: "Page not found", path: location.pathname });

/** /404, and any address no other route claims: the not-found page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
