import { z } from "zod";
import { MAX_LINE_QUANTITY } from "./limits.ts";

export { MAX_BAG_LINES, MAX_LINE_QUANTITY, quantityCap } from "./limits.ts";

/**
 * Numbers arrive as JSON numbers (API) or as strings (forms). Only those two are read: an array or
 * object where a number belongs is an error, not something to coerce.
 */
const fromFormOrJson = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value), schema);

const id = (what: string) =>
  fromFormOrJson(
    z
      .number({ error: `${what} must be a number.` })
      .int(`${what} must be a whole number.`)
      .min(1, `${what} must be 1 or more.`)
      .max(2_147_483_647, `${what} is too large.`),
  );

const quantity = fromFormOrJson(
  z
    .number({ error: "Quantity must be a number." })
    .int("Quantity must be a whole number.")
    .min(1, "Quantity must be at least 1.")
    .max(MAX_LINE_QUANTITY, `You can order at most ${MAX_LINE_QUANTITY} of one option.`),
);

/** Putting an option in the bag. */
export const addLineInput = z.object({
  variantId: id("The option"),
  quantity: quantity.default(1),
});

/** Changing a line: its quantity, its option (size/colour), or both. */
export const updateLineInput = z
  .object({
    lineId: id("The line"),
    quantity: quantity.optional(),
    /** One more or one fewer than the line holds; wins over `quantity`. */
    delta: fromFormOrJson(z.number({ error: "The step must be 1 or -1." }).int().min(-1).max(1)).optional(),
    variantId: id("The option").optional(),
  })
  .refine((input) => input.quantity !== undefined || input.variantId !== undefined || input.delta !== undefined, {
    message: "Give a quantity or an option to change.",
    path: ["quantity"],
  });

export const removeLineInput = z.object({ lineId: id("The line") });

export type AddLineInput = z.infer<typeof addLineInput>;
export type UpdateLineInput = z.infer<typeof updateLineInput>;
