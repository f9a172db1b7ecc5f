import type { StaffScope } from "../audit/index.ts";
import { eraseCustomer } from "./erase.ts";
import { exportCustomerData } from "./export.ts";
import type { PersonalDataDeps } from "./kit.ts";

export type { PersonalDataDeps } from "./kit.ts";
export type { CustomerData } from "./export.ts";
export type { Erased } from "./erase.ts";
export { EXPORT_FORMAT } from "./export.ts";
export { erasedEmail, erasedUsername } from "./erase.ts";
export { EraseInput, ExportInput } from "./schemas.ts";
export { INVOICE_RETENTION_YEARS, keptSnapshot, retainedUntil } from "./retention.ts";

/**
 * A customer's personal data, as the back office hands it out and lets it go (issue 24 §5,
 * ADR 61): the export for their right of access, and the erasure. Both follow one rule of whose
 * records are the person's (whose.ts), so a table the shop adds is handled in both or neither.
 * Both take the staff scope first (audited) and the staff member's session, whose second factor
 * must be under 10 minutes old (SECOND_FACTOR_REQUIRED otherwise); `now` is for tests.
 */
export function createPersonalData(deps: PersonalDataDeps) {
  const kit = { deps };
  return {
    /** Everything the shop holds about the customer, as an object to send as JSON; audited. */
    exportData: (scope: StaffScope, raw: unknown, sessionId: string, now?: Date) =>
      exportCustomerData(kit, scope, raw, sessionId, now),
    /** Anonymises the customer's account and takes their personal data out of the shop; audited. */
    erase: (scope: StaffScope, raw: unknown, sessionId: string, now?: Date) => eraseCustomer(kit, scope, raw, sessionId, now),
  };
}

export type PersonalData = ReturnType<typeof createPersonalData>;
