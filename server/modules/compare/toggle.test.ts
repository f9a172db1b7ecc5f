import { describe, expect, test } from "vitest";
import { expandCompareToggle } from "./toggle.ts";

/** A submitted form, written as a query string. */
const form = (query: string) => {
  const data = new FormData();
  for (const [name, value] of new URLSearchParams(query)) data.append(name, value);
  return data;
};
const query = (data: FormData | null) => (data ? new URLSearchParams([...data] as [string, string][]).toString() : null);

describe("a compare toggle's form", () => {
  test("add=<id> or remove=<id> is read as intent and productId, the other fields kept", () => {
    expect(query(expandCompareToggle(form("returnTo=%2Fshop&add=12")))).toBe("returnTo=%2Fshop&intent=add&productId=12");
    expect(query(expandCompareToggle(form("remove=3")))).toBe("intent=remove&productId=3");
  });

  test("a form without a toggle is left as it is", () => {
    const plain = form("intent=clear");
    expect(expandCompareToggle(plain)).toBe(plain);
  });

  test("two toggles, or a toggle beside an intent or a product, cannot be read", () => {
    for (const unreadable of ["add=1&remove=2", "add=1&intent=clear", "remove=1&productId=2"]) {
      expect(expandCompareToggle(form(unreadable))).toBeNull();
    }
  });
});
