import { type RouteConfig, index, route } from "@react-router/dev/routes";

const routes: RouteConfig = [
  index("routes/home.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("error", "routes/error-page.tsx"),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
];

// The benchmark's framework floor: one line through React Router, built only for `npm run bench`.
if (process.env.SHOP_BENCH === "1") routes.push(route("__bench/floor", "routes/bench-floor.tsx"));

export default routes;
