import { expect, test } from "vitest";
import { holdsAttributeValue, joinAttributeValues, renameAttributeValueIn, splitAttributeValues } from "./attribute-values.ts";

test("a stored text is the list of its values; one value is a list of one", () => {
  expect(splitAttributeValues("Grip, Wet")).toEqual(["Grip", "Wet"]);
  expect(splitAttributeValues("Negative")).toEqual(["Negative"]);
  expect(splitAttributeValues("")).toEqual([]);
  expect(joinAttributeValues(splitAttributeValues("Grip, Wet"))).toBe("Grip, Wet");
  // "3 mm, soft" cannot be a value (refused by the attribute editor): a comma without a space is part of one.
  expect(splitAttributeValues("Hip,knee")).toEqual(["Hip,knee"]);
});

test("a text holds a value only as a whole value", () => {
  expect(holdsAttributeValue("Grip, Wet", "Wet")).toBe(true);
  expect(holdsAttributeValue("Grip, Wet", "We")).toBe(false);
  expect(holdsAttributeValue("Grip, Wet", "Grip, Wet")).toBe(false);
});

test("a rename changes the value inside the text, in the attribute's order, once", () => {
  expect(renameAttributeValueIn("Grip, Wet", "Wet", "Rain", ["Grip", "Rain", "Dry"])).toBe("Grip, Rain");
  expect(renameAttributeValueIn("Grip, Wet", "Grip", "Wet", ["Wet", "Dry"])).toBe("Wet");
  // Onto a value that comes later in the attribute's order: the text follows that order.
  expect(renameAttributeValueIn("Grip, Wet", "Grip", "Dry", ["Wet", "Dry"])).toBe("Wet, Dry");
  // A value the attribute no longer lists keeps its place after the listed ones.
  expect(renameAttributeValueIn("Old, Grip", "Grip", "Firm", ["Firm"])).toBe("Firm, Old");
});
