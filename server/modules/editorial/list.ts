import { sql, type SQL } from "drizzle-orm";
import type { EditorialStatus } from "./words.ts";

/** The status filter of an editor's list in SQL, over the table aliased `p`: the same reading as editorialStatusOf. */
export function statusIs(status: EditorialStatus): SQL {
  switch (status) {
    case "archived":
      return sql`p.archived_at is not null`;
    case "draft":
      return sql`p.archived_at is null and p.published_at is null`;
    case "scheduled":
      return sql`p.archived_at is null and p.published_at > now()`;
    case "published":
      return sql`p.archived_at is null and p.published_at <= now()`;
  }
}

/** Search text as a LIKE pattern's literal (`%`, `_` and `\` typed are those characters). */
export const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
