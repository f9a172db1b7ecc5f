import { z } from "zod";
import { NEWS_SECTIONS } from "../../db/schema/index.ts";
import { parts } from "../editorial/index.ts";

/*
 * One schema per input of the news editor (ADR 75). The back office's form and the content API's
 * writes (content/collections/news.ts) both become these inputs, so both keep one behaviour. A
 * date-time field's moment is read in the shop's time zone: the schema is made for it.
 */

export const MAX_POST_SLUG = 120;
const { flag, optional, recordId, someWords, words } = parts;

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

/** A post as saved, in the shop's time zone: every field (the API merges the fields it was sent over the post as it is). */
export const postInputIn = (timeZone: string) =>
  z
    .object({
      version: parts.version,
      title: words("title", 200).min(1, "Give the post a title."),
      /** Empty: made from the title. */
      slug: parts.typedSlug(MAX_POST_SLUG),
      section: z.preprocess(parts.blank, z.enum(NEWS_SECTIONS, { error: "Choose news or exclusives." }).default("news")),
      excerpt: someWords("excerpt", 600),
      body: z.preprocess((v) => v ?? "", z.string().max(100_000, "A post's text has at most 100,000 characters.")),
      author: someWords("author", 120),
      categoryId: optional(recordId),
      coverId: optional(recordId),
      /** The cover's description for those who cannot see it: required with a cover. */
      coverAlt: someWords("cover's description", 300),
      videos: videoList,
      membersOnly: flag,
      seoDescription: someWords("search description", 300),
      ...parts.publishingIn(timeZone),
    })
    .superRefine(parts.needsMoment);
export type PostChange = z.output<ReturnType<typeof postInputIn>>;

export const PostId = z.coerce.number({ error: "No such post." }).int().positive().max(2_147_483_647);

export const PostVersionInput = parts.VersionInput;
