import { z } from "zod";
import { INFORMATION_TARGETS } from "./words.ts";

/*
 * The product information blocks as the back office writes them (issue 26 §3, ADR 76): one schema
 * for the editor's form, every field sent as text. Where a block shows: every product, one
 * category's (a top-level category covers its sub-categories), or one product's (by its address name).
 */

const id = z.coerce.number({ error: "Not a block." }).int().positive().max(2_147_483_647);

export const InformationInput = z
  .object({
    /** Absent: a new block. */
    id: z.union([z.literal("").transform(() => undefined), id]).optional(),
    version: z.string().max(40).default(""),
    kind: z
      .string()
      .trim()
      .toLowerCase()
      .max(40, "At most 40 characters.")
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Lower-case words joined by hyphens, such as size-guide or care."),
    title: z.string().trim().min(1, "Give the block a title.").max(100, "At most 100 characters."),
    body: z.string().trim().min(1, "Write the block's text.").max(4000, "At most 4,000 characters."),
    target: z.enum(INFORMATION_TARGETS, { error: "Choose where the block shows." }).default("all"),
    categoryId: z.string().trim().default(""),
    product: z.string().trim().max(200).default(""),
    /** A ticked checkbox sends "on"; an unticked one nothing. */
    published: z
      .union([z.boolean(), z.string()])
      .optional()
      .transform((value) => value === true || value === "on" || value === "true"),
  })
  .superRefine((input, ctx) => {
    if (input.target === "category" && !/^\d{1,10}$/.test(input.categoryId))
      ctx.addIssue({ code: "custom", path: ["categoryId"], message: "Choose the category." });
    if (input.target === "product" && input.product === "")
      ctx.addIssue({ code: "custom", path: ["product"], message: "Give the product's address name, such as aero-grip-pro." });
  });
export type InformationChange = z.output<typeof InformationInput>;

/** A block to delete or move, as the page read it. */
export const InformationRef = z.object({ id, version: z.string().max(40).default("") });

export const InformationMove = InformationRef.extend({
  direction: z.enum(["up", "down"], { error: "Move up or down." }),
});
