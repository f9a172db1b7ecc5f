// What pages may share of this module (ADR 53): values and pure functions that need no server.
export { POLICY_PAGES, textsOf } from "./words.ts";
