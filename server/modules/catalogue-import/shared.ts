// What pages may share of the catalogue import (ADR 53): plain words and numbers, no server code.

/** The largest file an import takes when the shop sets no other (CATALOGUE_IMPORT_MAX_MB). */
export const CATALOGUE_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Where an import's file is uploaded (the body-size limit lets a large file through here only). */
export const IMPORTS_PATH = "/admin/imports";

export const OUTCOME_WORDS = { create: "Created", change: "Changed", same: "Unchanged", refused: "Refused" } as const;

export const IMPORT_STATUS_WORDS = {
  previewing: "Dry run under way",
  previewed: "Previewed, not applied",
  applying: "Being applied",
  applied: "Applied",
  undone: "Undone",
  failed: "Failed",
} as const;

/** What a job under way is doing, as its progress bar says. */
export const IMPORT_PHASE_WORDS = {
  reading: "Reading the file",
  checking: "Checking each line against the catalogue",
  saving: "Saving the preview",
  writing: "Writing the catalogue",
} as const;

/** An import whose job is under way: its page refreshes itself. */
export const importRunning = (status: string) => status === "previewing" || status === "applying";
