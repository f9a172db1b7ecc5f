import { sql } from "drizzle-orm";
import { text } from "drizzle-orm/pg-core";

/**
 * The content backend's `documentId` (Strapi 5): a stable 24-character id that clients use in
 * URLs, made by the database so every row, old or new, gets one without the code's help.
 */
export const documentId = () =>
  text("document_id")
    .notNull()
    .unique()
    .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 24)`);
