// What pages may share of this module (ADR 53): pure readings of rates and country lists.
export { basisPointsToPercent, countryCodesOf, percentToBasisPoints } from "./words.ts";
export { SPEED_WORDS } from "./words.ts";
