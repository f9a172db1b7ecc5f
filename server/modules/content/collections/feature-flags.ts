import { sql } from "drizzle-orm";
import { z } from "zod";
import { featureFlags } from "../../../db/schema/index.ts";
import { field, type CollectionDef } from "../collection.ts";
import { tableWriter } from "../write.ts";

/** The shop's feature flags: the owner turns parts of the shop on and off. */
export const featureFlagsCollection: CollectionDef = {
  apiId: "feature-flags",
  from: sql`feature_flags`,
  fields: {
    key: field("string", "key"),
    enabled: field("boolean", "enabled"),
    description: field("text", "description"),
    updatedAt: field("datetime", "updated_at"),
  },
  draftAndPublish: false,
  writeScope: "settings",
  write: tableWriter(featureFlags as never, {
    key: z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, "Use lower-case letters, digits and hyphens, such as compare"),
    enabled: z.boolean().optional(),
    description: z.string().max(500).optional(),
  }),
};
