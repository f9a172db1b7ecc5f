import { expect, test } from "vitest";
import { bulkSchemas } from "./schemas.ts";

const { bulkInput } = bulkSchemas("EUR");
const changeOf = (action: string, value?: string) => {
  const parsed = bulkInput.safeParse({ id: "1", action, value });
  return parsed.success ? parsed.data.change : parsed.error.issues[0]!.message;
};

test("a percentage as owners type it, in basis points: signs, a typographic minus, a decimal comma, a % sign", () => {
  expect(changeOf("price-percent", "-10")).toEqual({ action: "price-percent", basisPoints: -1000 });
  expect(changeOf("price-percent", "+12.5 %")).toEqual({ action: "price-percent", basisPoints: 1250 });
  expect(changeOf("price-percent", "\u22127,25")).toEqual({ action: "price-percent", basisPoints: -725 });
  expect(changeOf("price-percent", "12.345")).toMatch(/at most 2 decimals/);
  expect(changeOf("price-percent", "1001")).toBe("A price can go up by at most 1000 %.");
  // 20 % off, however it is written.
  expect(changeOf("sale-percent", "-20%")).toEqual({ action: "sale-percent", basisPoints: 2000 });
  expect(changeOf("sale-percent", "100")).toMatch(/less than 100 %/);
});

test("amounts are read exactly in minor units; a change by an amount keeps its sign; actions without a value need none", () => {
  expect(changeOf("price-amount", "-2,50")).toEqual({ action: "price-amount", minor: -250 });
  expect(changeOf("price-amount", "3")).toEqual({ action: "price-amount", minor: 300 });
  expect(changeOf("price-set", "49.95")).toEqual({ action: "price-set", minor: 4995 });
  expect(changeOf("price-set", "-1")).toBe("A price cannot be negative.");
  expect(changeOf("price-set")).toBe("Give the amount.");
  expect(changeOf("archive", "ignored")).toEqual({ action: "archive" });
});

test("the selection: ticks, the page's products without JavaScript, or all that match the list's filter", () => {
  const selection = (raw: Record<string, unknown>) => {
    const parsed = bulkInput.safeParse({ action: "publish", ...raw });
    return parsed.success ? parsed.data.selection : parsed.error.issues[0]!.message;
  };
  expect(selection({ id: ["3", "1", "3"] })).toEqual({ kind: "ids", ids: [3, 1] });
  expect(selection({ all: "page", shown: ["4", "5"], id: "5" })).toEqual({ kind: "ids", ids: [4, 5] });
  expect(selection({ all: ["page", "matching"], status: "draft", id: "1" })).toMatchObject({
    kind: "matching",
    filter: { status: "draft" },
  });
  expect(selection({ status: "nonsense", all: "matching" })).toBe("Choose a status from the list.");
  expect(selection({})).toBe("Tick the products to change, or choose all that match the filter.");
});
