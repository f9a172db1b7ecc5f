import { z } from "zod";
import { newsCategories } from "../../../db/schema/index.ts";
import { sql } from "drizzle-orm";
import { field, type CollectionDef } from "../collection.ts";
import { tableWriter } from "../write.ts";
import { slug } from "./common.ts";

export const newsCategoriesCollection: CollectionDef = {
  apiId: "news-categories",
  from: sql`news_categories`,
  fields: {
    name: field("string", "name"),
    slug: field("string", "slug"),
    description: field("text", "description"),
    position: field("integer", "position"),
    createdAt: field("datetime", "created_at"),
    updatedAt: field("datetime", "updated_at"),
  },
  draftAndPublish: true,
  publishedAt: (row) => sql`${row}.published_at`,
  writeScope: "content",
  write: tableWriter(newsCategories, {
    name: z.string().trim().min(1).max(80),
    slug,
    description: z.string().max(2000).optional(),
    position: z.number().int().min(0).max(10_000).optional(),
  }),
};
