import { expect, test } from "vitest";
import { optionNamesOf, storedOptionNames } from "./option-names.ts";

test("a product's options are called Size and Colour unless the owner named them", () => {
  expect(optionNamesOf({})).toEqual({ size: "Size", colour: "Colour" });
  expect(optionNamesOf(null)).toEqual({ size: "Size", colour: "Colour" });
  expect(optionNamesOf({ size: "Volume", colour: "  " })).toEqual({ size: "Volume", colour: "Colour" });
});

test("only names that differ from the words otherwise are stored", () => {
  expect(storedOptionNames({ size: " Volume ", colour: "" })).toEqual({ size: "Volume" });
  expect(storedOptionNames({ size: "Size", colour: "Colour" })).toEqual({});
  expect(storedOptionNames({ colour: "Finish" })).toEqual({ colour: "Finish" });
});
