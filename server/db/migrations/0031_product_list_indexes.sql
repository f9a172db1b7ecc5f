CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "variants_sku_lower_idx" ON "variants" USING btree (lower("sku") text_pattern_ops);