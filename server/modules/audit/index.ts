/**
 * The audit log (issue 24 §6, ADR 58): every back-office and staff-API change, written in the
 * change's own transaction; append-only (the database refuses updates and deletes).
 */
export {
  changedOnly,
  diffFields,
  isStaffScope,
  recordAudit,
  staffScopeOf,
  type Actor,
  type AuditChange,
  type StaffScope,
} from "./record.ts";
