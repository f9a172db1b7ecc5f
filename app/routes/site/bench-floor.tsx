import type { RouteHandle } from "~/lib/route-handle";

// The benchmark's framework floor: one line rendered through React Router, without the shop's
// shell. Only built when SHOP_BENCH=1 (see app/routes.ts).
export const handle: RouteHandle = { bare: true };

export default function BenchFloor() {
  return <p>floor</p>;
}
