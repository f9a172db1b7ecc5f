import { z } from "zod";
import { PUBLISH_CHOICES } from "./words.ts";
import { zonedToInstant } from "./zone.ts";

/*
 * The pieces the editors' input schemas share (news-editor's PostInput, pages' PageInput): the
 * back office's forms and the content API's writes both become those inputs (ADR 75).
 */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
export const words = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what}.` })
    .trim()
    .max(max, `Use at most ${max} characters for the ${what}.`);
/** Text that may be absent (an empty string then). */
export const someWords = (what: string, max: number) => z.preprocess((v) => v ?? "", words(what, max));
/** A checkbox ("on"), a form's "true" or "false", or a JSON boolean. */
export const flag = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
export const recordId = z.coerce.number().int().positive().max(2_147_483_647);
/** The version the form read; absent for a new entry (and for an API write that names none). */
export const version = optional(z.string().max(40));

/** An address word, typed; empty means "made from the title". */
export const typedSlug = (max: number) =>
  optional(
    z
      .string()
      .trim()
      .toLowerCase()
      .max(max, `Use at most ${max} characters for the address.`)
      .regex(SLUG, "Use lower-case letters, digits and hyphens, such as spring-training."),
  );

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment: a date-time field's "2026-12-01T09:00" (seconds allowed) read in the shop's time zone,
 * or an ISO time with its offset (the API, an entry read back).
 */
export const momentIn = (timeZone: string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      const at = WALL.test(text) ? zonedToInstant(text, timeZone) : WITH_OFFSET.test(text) ? new Date(text) : null;
      if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 2099) {
        context.addIssue({ code: "custom", message: `Give the date and time it appears (${timeZone}), between 2000 and 2099.` });
        return z.NEVER;
      }
      return at;
    });

/** Draft, publish now, or at a moment in the shop's time zone. */
export const publishingIn = (timeZone: string) => ({
  publish: z.preprocess(blank, z.enum(PUBLISH_CHOICES, { error: "Choose draft, publish now or schedule." }).default("draft")),
  publishAt: optional(momentIn(timeZone)),
});

/** A schedule needs its moment. */
export function needsMoment(input: { publish: string; publishAt?: Date }, context: z.RefinementCtx): void {
  if (input.publish === "at" && !input.publishAt)
    context.addIssue({ code: "custom", path: ["publishAt"], message: "Give the date and time it appears." });
}

export const EntryId = z.coerce.number({ error: "No such entry." }).int().positive().max(2_147_483_647);

/** A change of an entry's place alone (unpublish, archive, delete, restore), at the version read. */
export const VersionInput = z.object({ version });
