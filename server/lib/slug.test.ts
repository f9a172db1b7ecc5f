import { expect, test } from "vitest";
import { slugOf } from "./slug.ts";

test("one slug maker: accents dropped, & as and, hyphens between words, cut without a hyphen at the end", () => {
  expect(slugOf("Aero Grip Pro", 120)).toBe("aero-grip-pro");
  expect(slugOf("Crème & Brûlée", 120)).toBe("creme-and-brulee");
  expect(slugOf("  --Southeast Asia!-- ", 40)).toBe("southeast-asia");
  expect(slugOf("Goalkeeper gloves", 11)).toBe("goalkeeper");
  expect(slugOf("¡¿!", 40)).toBe("");
});
