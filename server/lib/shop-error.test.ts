import { describe, expect, test } from "vitest";
import { z } from "zod";
import { asShopError, parseInput, SHOP_ERROR_STATUS, ShopError, shopErrorCode } from "./shop-error.ts";

describe("ShopError", () => {
  test("carries a code, its HTTP status, the field at fault and safe details", () => {
    const error = new ShopError("NOT_ENOUGH_STOCK", "Sorry, only 2 left in stock.", {
      field: "quantity",
      details: { available: 2 },
    });
    expect(error).toMatchObject({ name: "ShopError", code: "NOT_ENOUGH_STOCK", status: 409, field: "quantity" });
    expect(error.fields).toEqual({ quantity: "Sorry, only 2 left in stock." });
    expect(error.details).toEqual({ available: 2 });
  });

  test("is recognised by name and code, as when it comes from another bundle's copy of this file", () => {
    const fromOtherBundle = Object.assign(new Error("This bag does not exist."), { name: "ShopError", code: "CART_NOT_FOUND" });
    expect(shopErrorCode(fromOtherBundle)).toBe("CART_NOT_FOUND");
    expect(asShopError(fromOtherBundle)).toBe(fromOtherBundle);
    // Anything else is a bug, not a shop error: an unknown code, another error, a thrown string.
    expect(asShopError(Object.assign(new Error("x"), { name: "ShopError", code: "NO_SUCH_CODE" }))).toBeNull();
    expect(asShopError(new TypeError("undefined is not a function"))).toBeNull();
    expect(shopErrorCode("CART_NOT_FOUND")).toBeNull();
  });

  test("every code has a status an adapter can answer with", () => {
    for (const status of Object.values(SHOP_ERROR_STATUS)) expect(status).toBeGreaterThanOrEqual(400);
  });
});

describe("parseInput", () => {
  const schema = z.object({
    name: z.string({ error: "Enter a name." }).min(1, "Enter a name."),
    size: z.number({ error: "Pick a size." }),
  });

  test("gives the parsed input", () => {
    expect(parseInput(schema, { name: "Keeper", size: 9 })).toEqual({ name: "Keeper", size: 9 });
  });

  test("names the first field at fault, and every field at fault with its first message", () => {
    const error = (() => {
      try {
        parseInput(schema, { name: "" });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toMatchObject({ code: "INVALID_INPUT", status: 400, field: "name", message: "Enter a name." });
    expect((error as ShopError).fields).toEqual({ name: "Enter a name.", size: "Pick a size." });
  });

  test("a body that is not an object, and text holding NUL, are refused with the place named", () => {
    expect(() => parseInput(schema, "name=Keeper")).toThrow(expect.objectContaining({ field: "body" }));
    expect(() => parseInput(schema, { name: "a\u0000b", size: 1 })).toThrow(
      expect.objectContaining({ code: "INVALID_INPUT", field: "name" }),
    );
  });

  test("paths under a root are dotted, for input that is a list", () => {
    const list = z.array(z.object({ optedIn: z.boolean({ error: "Say yes or no." }) }));
    expect(() => parseInput(list, [{ optedIn: true }, { optedIn: "maybe" }], "preferences")).toThrow(
      expect.objectContaining({ field: "preferences.1.optedIn", message: "Say yes or no." }),
    );
  });
});
