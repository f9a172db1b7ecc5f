/*
 * What the back office's editors share (issue 26 §1, ADR 75): the news editor and the pages'
 * editor keep one behaviour for versions, addresses, schedules and the shop's time zone. No state:
 * each editor calls these inside its own transaction.
 */
export { chosenSlug, followAddress, forgetAddresses, type SlugTable } from "./addresses.ts";
export { placeStep, publishedAtOf, refuseAutosave, type PlaceChange } from "./publishing.ts";
export * as parts from "./schema-parts.ts";
export { nextVersion, refuseStale, versionOf } from "./version.ts";
export * from "./shared.ts";
export { likeLiteral, statusIs } from "./list.ts";
