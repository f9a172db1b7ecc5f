import { describe, expect, test } from "vitest";
import { expandCompareToggle } from "./toggle.ts";

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};
const entries = (data: FormData | null) => (data ? [...data.entries()] : null);

describe("a compare toggle's form", () => {
  test("add=<id> or remove=<id> is read as intent and productId, the other fields kept", () => {
    expect(
      entries(
        expandCompareToggle(
          form([
            ["returnTo", "/shop"],
            ["add", "12"],
          ]),
        ),
      ),
    ).toEqual([
      ["returnTo", "/shop"],
      ["intent", "add"],
      ["productId", "12"],
    ]);
    expect(entries(expandCompareToggle(form([["remove", "3"]])))).toEqual([
      ["intent", "remove"],
      ["productId", "3"],
    ]);
  });

  test("a form without a toggle is left as it is", () => {
    const plain = form([["intent", "clear"]]);
    expect(expandCompareToggle(plain)).toBe(plain);
  });

  test("two toggles, or a toggle beside an intent or a product, cannot be read", () => {
    expect(
      expandCompareToggle(
        form([
          ["add", "1"],
          ["remove", "2"],
        ]),
      ),
    ).toBeNull();
    expect(
      expandCompareToggle(
        form([
          ["add", "1"],
          ["intent", "clear"],
        ]),
      ),
    ).toBeNull();
    expect(
      expandCompareToggle(
        form([
          ["remove", "1"],
          ["productId", "2"],
        ]),
      ),
    ).toBeNull();
  });
});
