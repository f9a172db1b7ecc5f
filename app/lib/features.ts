import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/**
 * Whether the owner has a feature on (its flag, ADR 35 and 76), as the root loader read it: a
 * component of a turned-off feature (the compare buttons) shows nothing. A flag the shop does not
 * know of is on, as on the server.
 */
export function useFeature(key: string): boolean {
  return useRouteLoaderData<typeof rootLoader>("root")?.flags[key] !== false;
}
