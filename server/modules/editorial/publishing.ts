import { invalidInput, ShopError } from "../../lib/shop-error.ts";
import type { EditorialStatus, PublishChoice } from "./words.ts";

/**
 * When an entry appears (ADR 75): null for a draft; "now" keeps the moment of an entry already on
 * the site (an edit does not move it up the list); a moment to come must be to come, unless it is
 * the one it has.
 */
export function publishedAtOf(
  input: { publish: PublishChoice; publishAt?: Date },
  before: { publishedAt: Date | null; archivedAt: Date | null } | null,
  now: Date,
): Date | null {
  if (input.publish === "draft") return null;
  if (input.publish === "now") {
    const at = before?.archivedAt === null ? before.publishedAt : null;
    return at && at.getTime() <= now.getTime() ? at : now;
  }
  const at = input.publishAt!;
  if (at.getTime() <= now.getTime() && at.getTime() !== before?.publishedAt?.getTime())
    throw invalidInput("publishAt", "Choose a moment to come, or publish now.");
  return at;
}

/**
 * Only a draft is autosaved (ADR 75): a post or page on the site, or scheduled, is saved by its
 * editor's Save alone, since an autosave would put half-typed text on the site. A new entry is
 * saved once by hand first (it has no address to autosave to yet).
 */
export function refuseAutosave(before: { publishedAt: Date | null; archivedAt: Date | null } | null): void {
  if (!before) throw new ShopError("INVALID_TRANSITION", "A new entry is saved once with Save before it autosaves.");
  if (before.publishedAt !== null || before.archivedAt !== null)
    throw new ShopError("INVALID_TRANSITION", "Only a draft is saved automatically: save this one with Save.");
}

/** What a change of place does to an entry in that status (ADR 75); refused when it makes no sense. */
export type PlaceChange = "unpublish" | "remove" | "restore";
export function placeStep(status: EditorialStatus, change: PlaceChange): "unpublish" | "restore" | "delete" | "archive" | "none" {
  if (change === "unpublish") {
    if (status !== "published" && status !== "scheduled") throw new ShopError("INVALID_TRANSITION", "It is not on the site.");
    return "unpublish";
  }
  if (change === "restore") {
    if (status !== "archived") throw new ShopError("INVALID_TRANSITION", "Only an archived entry is restored.");
    return "restore";
  }
  // Only a draft is deleted; what is or will be on the site is archived, keeping its addresses and history.
  return status === "draft" ? "delete" : status === "archived" ? "none" : "archive";
}
