// What pages may share of the catalogue import (ADR 53): plain words and numbers, no server code.

/** The largest file an import takes when the shop sets no other (CATALOGUE_IMPORT_MAX_MB). */
export const CATALOGUE_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Where an import's file is uploaded (the body-size limit lets a large file through here only). */
export const IMPORTS_PATH = "/admin/imports";

export const OUTCOME_WORDS = { create: "Created", change: "Changed", same: "Unchanged", refused: "Refused" } as const;

export const IMPORT_STATUS_WORDS = { previewed: "Previewed, not applied", applied: "Applied", undone: "Undone" } as const;
