import type { Scope } from "../../lib/scope.ts";

/** What the personal-data use cases need from the rest of the shop (wired in server/services.ts). */
export interface PersonalDataDeps {
  /**
   * Refuses (SECOND_FACTOR_REQUIRED) unless the staff member's session proved its second factor
   * within 10 minutes (staff-access): exports and erasures ask for it again (issue 24 §2).
   */
  requireRecentSecondFactor: (scope: Scope, who: { userId: number; sessionId: string }, now?: Date) => Promise<void>;
  /** Removes an uploaded file (an erased account's profile picture) after commit; absent without uploads. */
  removeUpload?: (src: string) => Promise<void>;
}

export interface PersonalDataKit {
  deps: PersonalDataDeps;
}
