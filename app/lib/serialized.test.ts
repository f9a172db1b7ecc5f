import { describe, expect, it, vi } from "vitest";
import { deserialize, serialize } from "./serialized";

describe("loader data as JSON text", () => {
  it("gives back what was serialized", () => {
    const answer = {
      products: [{ id: 1, name: "Match glove", image: null }],
      total: 1,
      facets: { price: { min: 100, max: 200 } },
    };
    expect(deserialize(serialize(answer))).toEqual(answer);
  });

  it("makes the text of one answer once, and a new text when the answer is a new object", () => {
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const answer = { total: 1 };
      serialize(answer);
      serialize(answer);
      expect(stringify).toHaveBeenCalledTimes(1);
      expect(deserialize(serialize({ total: 2 }))).toEqual({ total: 2 });
      expect(stringify).toHaveBeenCalledTimes(2);
    } finally {
      stringify.mockRestore();
    }
  });

  it("parses the same text to the same value, and equal texts made apart to equal values", () => {
    const text = serialize({ menu: ["gloves", "apparel"] });
    expect(deserialize(text)).toBe(deserialize(text));
    expect(deserialize(serialize({ menu: ["gloves", "apparel"] }))).toEqual({ menu: ["gloves", "apparel"] });
  });

  it("gives back the answer itself where its text was made (the server), and parses a text from elsewhere", () => {
    const answer = { cards: [{ id: 7, name: "Match glove" }] };
    expect(deserialize(serialize(answer))).toBe(answer);
    const fromServer = JSON.stringify({ cards: [{ id: 8 }] }) as ReturnType<typeof serialize<{ cards: { id: number }[] }>>;
    expect(deserialize(fromServer)).toEqual({ cards: [{ id: 8 }] });
  });

  it("remembers a bounded number of texts, and parses an older one anew", () => {
    const first = { page: 0 };
    const texts = [serialize(first), ...Array.from({ length: 200 }, (_, i) => serialize({ page: i + 1 }))];
    expect(texts.map((t) => deserialize(t).page)).toEqual(Array.from({ length: 201 }, (_, i) => i));
    const again = deserialize(texts[0]!);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
