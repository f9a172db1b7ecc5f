// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here.
export {
  BACK_OFFICE_ROLES,
  isBackOfficeRole,
  recentSecondFactor,
  RECHECK_MINUTES,
  type BackOfficeRole,
  type GateState,
} from "./words.ts";
