import { z } from "zod";
import { ATTRIBUTE_VALUE_SEPARATOR } from "../../lib/attribute-values.ts";
import { recordIdInput } from "../../lib/record-id.ts";
import { ATTRIBUTE_KINDS } from "../../db/schema/index.ts";

/*
 * The inputs of the catalogue's structure (issue 25 §4), one schema per use case, shared by the
 * back office's forms and the content API. Every change of a record names the version it was read
 * at (its updated_at as ISO text); an API call that names none skips that check.
 */

/** A form's empty field reads as absent. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const version = z.string().max(40).optional();

const name = z.string({ error: "Give a name." }).trim().min(1, "Give a name.").max(80, "Use at most 80 characters for the name.");

/** A slug as it appears in the shop's addresses; absent: made from the name. */
const slug = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .toLowerCase()
    .max(80, "Use at most 80 characters for the slug.")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens between them.")
    .optional(),
);

const text = (most: number, what: string) =>
  z
    .string()
    .max(most, `Use at most ${most} characters for the ${what}.`)
    .optional()
    .transform((value) => (value ?? "").trim());

export const CategoryIdInput = z.object({ id: recordIdInput("No such category.") });
export const BrandIdInput = z.object({ id: recordIdInput("No such brand.") });
export const AttributeIdInput = z.object({ id: recordIdInput("No such attribute.") });

export const CreateCategoryInput = z.object({
  /** The category a sub-category belongs to; absent: a top-level category. */
  parentId: z.preprocess(blank, recordIdInput("No such category.").optional()),
  name,
  slug,
  description: text(2000, "description"),
});

export const EditCategoryInput = z.object({
  id: recordIdInput("No such category."),
  version,
  name,
  slug,
  description: text(2000, "description"),
});

export const MoveInput = z.object({
  id: recordIdInput("No such record."),
  version,
  direction: z.enum(["up", "down"], { error: "Move it up or down." }),
});

export const VersionedIdInput = z.object({ id: recordIdInput("No such record."), version });

export const MergeInput = z.object({
  id: recordIdInput("No such record."),
  version,
  into: recordIdInput("Choose where its products go."),
});

export const CreateBrandInput = z.object({ name, slug, story: text(4000, "story") });

export const EditBrandInput = z.object({
  id: recordIdInput("No such brand."),
  version,
  name,
  slug,
  story: text(4000, "story"),
});

const attributeValue = z
  .string({ error: "Give the value." })
  .trim()
  .min(1, "Give the value.")
  .max(60, "Use at most 60 characters for a value.")
  // A product keeps several values of one attribute joined by ", " (ADR 63): a value holding it
  // would read as two.
  .refine((value) => !value.includes(ATTRIBUTE_VALUE_SEPARATOR), "A value cannot hold a comma followed by a space.");

const kind = z.enum(ATTRIBUTE_KINDS, { error: "Choose one value or several." });

export const CreateAttributeInput = z.object({
  key: z
    .string({ error: "Give the key products use." })
    .trim()
    .toLowerCase()
    .min(1, "Give the key products use.")
    .max(40, "Use at most 40 characters for the key.")
    .regex(/^[a-z][a-z0-9_]*$/, "Use lower-case letters, digits and underscores, beginning with a letter."),
  name,
  kind: z.preprocess((value) => blank(value) ?? "choice", kind),
  /** One value a line (a form's text area) or a list (the API). */
  values: z.preprocess(
    (value) => (typeof value === "string" ? value.split(/\r?\n/).filter((line) => line.trim() !== "") : (value ?? [])),
    z.array(attributeValue).max(200, "Give at most 200 values."),
  ),
});

export const EditAttributeInput = z.object({ id: recordIdInput("No such attribute."), version, name, kind });

export const AddValueInput = z.object({ id: recordIdInput("No such attribute."), version, value: attributeValue });

export const RenameValueInput = z.object({
  id: recordIdInput("No such attribute."),
  version,
  value: attributeValue,
  to: attributeValue,
});

export const ValueInput = z.object({ id: recordIdInput("No such attribute."), version, value: attributeValue });

export const MoveValueInput = ValueInput.extend({ direction: z.enum(["up", "down"], { error: "Move it up or down." }) });
