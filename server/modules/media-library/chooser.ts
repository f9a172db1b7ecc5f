import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { choiceOf, whereOf, type ChoiceRow, type ImageChoice } from "./library.ts";
import { ChooserInput } from "./schemas.ts";

export type { ImageChoice } from "./library.ts";

/** The library's images for a chooser, newest first, searched by name or description (`q`), at most `limit` (60). */
export async function imageChoices(scope: Scope, raw: unknown = {}): Promise<ImageChoice[]> {
  const { q, limit } = parseInput(ChooserInput, raw);
  const rows = await queryRows<ChoiceRow>(
    scope.db,
    sql`select m.id, m.document_id, m.name, m.alternative_text, m.path, m.width, m.height from media_files m
        where ${whereOf(q, "all")} order by m.created_at desc, m.id desc limit ${limit}`,
  );
  return rows.map(choiceOf);
}
