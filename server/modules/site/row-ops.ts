import { z } from "zod";
import type { StoredPart } from "./words.ts";

/*
 * Moving and removing one row of a part's list (a menu item, a footer column or one of its links,
 * a trust bar item, a social link), as the back office's row buttons ask: "up:2", "down:1.3",
 * "remove:0", and the menu's "add-categories". The row is named by its place in the stored list,
 * so the change is made to the part as stored (under its version), never to a stale copy.
 */

/** The list each part's rows are in (the footer's columns hold lists of links). */
const LIST_OF: Partial<Record<StoredPart, string>> = { navigation: "items", footer: "columns", trust: "items", social: "links" };

export const RowOpInput = z.object({
  version: z.string().max(40).default(""),
  op: z.string().regex(/^(?:(?:up|down|remove):\d{1,3}(?:\.\d{1,3})?|add-categories)$/, "Not a change this page offers."),
});

type Rows = unknown[];

type Verb = "up" | "down" | "remove";

function moved(list: Rows, index: number, verb: Verb): Rows | null {
  if (index < 0 || index >= list.length) return null;
  const next = [...list];
  if (verb === "remove") {
    next.splice(index, 1);
    return next;
  }
  const to = verb === "up" ? index - 1 : index + 1;
  if (to < 0 || to >= list.length) return null;
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** The part with the op applied, or null when the op does not apply (no such row, already first or last). */
export function applyRowOp(part: StoredPart, value: unknown, op: string): unknown {
  const key = LIST_OF[part];
  if (!key) return null;
  const whole = value as Record<string, Rows>;
  if (op === "add-categories") {
    if (part !== "navigation") return null;
    return { ...whole, [key]: [...whole[key]!, { kind: "categories" }] };
  }
  const [verb, path] = op.split(":") as [Verb, string];
  const [first, second] = path.split(".").map(Number) as [number, number | undefined];
  if (second === undefined) {
    const list = moved(whole[key]!, first, verb);
    return list && { ...whole, [key]: list };
  }
  // A link within a footer column.
  if (part !== "footer") return null;
  const columns = whole.columns as { title: string; links: Rows }[];
  const column = columns[first];
  if (!column) return null;
  const links = moved(column.links, second, verb);
  if (!links) return null;
  return { ...whole, columns: columns.map((each, i) => (i === first ? { ...each, links } : each)) };
}
