import { data } from "react-router";
import type { Route } from "./+types/error-page";
import { pageMeta, siteFrom } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(siteFrom(matches), { title: "Error", path: location.pathname });

/** /error shows the error page with its defaults: the message 'Error' and the status 500. */
export function loader() {
  throw data({ message: "Error" }, { status: 500 });
}

export default function ErrorPage() {
  return null;
}
