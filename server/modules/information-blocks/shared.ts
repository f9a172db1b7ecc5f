// What pages may share of this module (ADR 53): where a block may show.
export { INFORMATION_TARGETS, type InformationTargetChoice } from "./words.ts";
