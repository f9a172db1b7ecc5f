import { expect, test } from "vitest";
import { liveUrl, retryDelayMs } from "./live-connection.ts";

test("the live connection is /graphql on the page's own host, over wss on an https page", () => {
  expect(liveUrl({ protocol: "https:", host: "shop.example" })).toBe("wss://shop.example/graphql");
  expect(liveUrl({ protocol: "http:", host: "127.0.0.1:3000" })).toBe("ws://127.0.0.1:3000/graphql");
});

test("reconnects wait 1 s doubling to at most 30 s, each between half and all of it", () => {
  const low = () => 0;
  const high = () => 1;
  expect([0, 1, 2, 3, 4, 5, 10].map((n) => retryDelayMs(n, high))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  expect([0, 1, 5].map((n) => retryDelayMs(n, low))).toEqual([500, 1_000, 15_000]);
});
