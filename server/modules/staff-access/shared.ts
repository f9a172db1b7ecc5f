// What pages may share of this module (ADR 53): values, types and pure functions that need no
// server. Only small files without side effects are re-exported here.
export {
  BACK_OFFICE_ROLES,
  isBackOfficeRole,
  mayOpen,
  recentSecondFactor,
  RECHECK_MINUTES,
  type BackOfficeAccess,
  type BackOfficeRole,
  type GateState,
} from "./words.ts";
