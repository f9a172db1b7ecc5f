import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { mediaFiles } from "./media-files.ts";
import { products } from "./products.ts";

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /**
     * Path under the shop's media folder, such as products/grip-pro-1.webp, or an upload's
     * /uploads/ address. For an image of the media library (ADR 78) it is the library record's
     * path, kept in step by the database when the record's file is replaced.
     */
    path: text("path").notNull(),
    /** The media library's record this image shows (ADR 78); null: a file of the shop's media folder. */
    mediaId: integer("media_id").references(() => mediaFiles.id, { onDelete: "restrict" }),
    alt: text("alt").notNull(),
    /**
     * The variant colour this image shows (a variant's `colour`, such as "Fire Red"), so the
     * product page's gallery follows the chosen colour (ADR 80); null: it shows every colour (an
     * upload the owner gave no colour).
     */
    colour: text("colour"),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position), index("product_images_media_idx").on(t.mediaId)],
);

export type ProductImage = typeof productImages.$inferSelect;
export type NewProductImage = typeof productImages.$inferInsert;
