import { data } from "react-router";
import type { Route } from "./+types/not-found-page";
import { pageMeta, siteFrom } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFrom(matches), { title: "Page not found", path: location.pathname });

/** /404 shows the not-found page, with its status. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundPage() {
  return null;
}
