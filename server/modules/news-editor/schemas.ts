import { z } from "zod";
import { NEWS_SECTIONS } from "../../db/schema/index.ts";
import { PUBLISH_CHOICES } from "./words.ts";

/*
 * One schema per input of the news editor (ADR 75). The back office's form and the content API's
 * writes (content/collections/news.ts) both become these inputs, so both keep one behaviour.
 */

export const MAX_POST_SLUG = 120;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const words = (what: string, max: number) =>
  z
    .string({ error: `Give the ${what}.` })
    .trim()
    .max(max, `Use at most ${max} characters for the ${what}.`);
/** A checkbox ("on"), a form's "true" or "false", or a JSON boolean. */
const flag = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
const recordId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * A moment typed in the shop's time zone (UTC, SHOP_TIME_ZONE): a date-time field's
 * "2026-12-01T09:00" (seconds allowed), or an ISO time with its offset.
 */
const moment = z
  .string()
  .trim()
  .transform((text, context) => {
    const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text);
    const withZone = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
    const at = local ? new Date(`${text}Z`) : withZone ? new Date(text) : null;
    if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 2000 || at.getUTCFullYear() > 2099) {
      context.addIssue({ code: "custom", message: "Give the date and time it appears (UTC), between 2000 and 2099." });
      return z.NEVER;
    }
    return at;
  });

/** Video links: one a line in the form, or a list (the API). */
const videoList = z.preprocess(
  (value) =>
    typeof value === "string"
      ? value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
      : (value ?? []),
  z.array(z.string().trim().max(500, "A video link has at most 500 characters.")).max(10, "A post has at most 10 videos."),
);

/** A post as saved: every field (the API merges the fields it was sent over the post as it is). */
export const PostInput = z
  .object({
    /** The version the form read; absent for a new post (and for an API write that names none). */
    version: optional(z.string().max(40)),
    title: words("title", 200).min(1, "Give the post a title."),
    /** Empty: made from the title. */
    slug: optional(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(MAX_POST_SLUG, `Use at most ${MAX_POST_SLUG} characters for the address.`)
        .regex(SLUG, "Use lower-case letters, digits and hyphens, such as spring-training."),
    ),
    section: z.preprocess(blank, z.enum(NEWS_SECTIONS, { error: "Choose news or exclusives." }).default("news")),
    excerpt: z.preprocess((v) => v ?? "", words("excerpt", 600)),
    body: z.preprocess((v) => v ?? "", z.string().max(100_000, "A post's text has at most 100,000 characters.")),
    author: z.preprocess((v) => v ?? "", words("author", 120)),
    categoryId: optional(recordId),
    coverId: optional(recordId),
    /** The cover's description for those who cannot see it: required with a cover. */
    coverAlt: z.preprocess((v) => v ?? "", words("cover's description", 300)),
    videos: videoList,
    membersOnly: flag,
    seoDescription: z.preprocess((v) => v ?? "", words("search description", 300)),
    publish: z.preprocess(blank, z.enum(PUBLISH_CHOICES, { error: "Choose draft, publish now or schedule." }).default("draft")),
    publishAt: optional(moment),
  })
  .superRefine((input, context) => {
    if (input.publish === "at" && !input.publishAt)
      context.addIssue({ code: "custom", path: ["publishAt"], message: "Give the date and time it appears." });
  });
export type PostChange = z.output<typeof PostInput>;

export const PostId = z.coerce.number({ error: "No such post." }).int().positive().max(2_147_483_647);

/** A change of a post's place alone (archive, delete, restore), at the version read. */
export const PostVersionInput = z.object({ version: optional(z.string().max(40)) });
