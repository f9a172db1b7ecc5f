import { data } from "react-router";

/** An address under /admin that names no page: 404, in the back office's frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
