import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { staffAuthenticators } from "../../db/schema/index.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { readAuthenticator } from "./authenticator.ts";
import { base32Decode } from "./base32.ts";
import { codeAttempt } from "./code-attempt.ts";
import { wrongCode } from "./errors.ts";
import type { StaffAccessKit } from "./kit.ts";
import { recoveryCodesLeft, useRecoveryCode } from "./recovery-codes.ts";
import { codeInput } from "./schemas.ts";
import { markSecondFactor } from "./session-marks.ts";
import { matchTotp } from "./totp.ts";

export interface SecondFactorAttempt {
  userId: number;
  /** The session to mark as having proved the second factor. */
  sessionId: string;
  code: unknown;
}

export interface SecondFactorProved {
  method: "totp" | "recovery";
  /** Unused recovery codes left: a page warns when few are, and offers new ones. */
  recoveryCodesLeft: number;
}

/**
 * A session proves the account's second factor (ADR 59): the code the app shows now (a step
 * after the last one accepted: a code seen over a shoulder cannot be used again in its window),
 * or an unused recovery code, which is used up. The session is then marked (second_factor_at).
 * Wrong codes count towards the code limits: INVALID_CODE, and TOO_MANY_REQUESTS past them.
 */
export async function verifySecondFactor(
  kit: StaffAccessKit,
  scope: Scope,
  attempt: SecondFactorAttempt,
  now = new Date(),
): Promise<SecondFactorProved> {
  const { code } = parseInput(codeInput, { code: attempt.code });
  const { userId, sessionId } = attempt;
  const digits = code.replace(/\s/g, "");
  return codeAttempt(kit, scope, userId, () =>
    withTransaction(scope, async (tx) => {
      let method: SecondFactorProved["method"];
      if (/^\d{6}$/.test(digits)) {
        const current = await readAuthenticator(kit, tx.db, userId);
        if (!current?.confirmedAt || !current.active) throw wrongCode();
        const step = matchTotp(base32Decode(current.active), digits, now, current.lastStep);
        if (step === null) throw wrongCode();
        // Only if no other request took this step (or a later one) meanwhile: one use per code.
        const taken = await tx.db
          .update(staffAuthenticators)
          .set({ lastStep: step })
          .where(
            and(
              eq(staffAuthenticators.userId, userId),
              isNotNull(staffAuthenticators.confirmedAt),
              or(isNull(staffAuthenticators.lastStep), lt(staffAuthenticators.lastStep, step)),
            ),
          )
          .returning({ userId: staffAuthenticators.userId });
        if (taken.length === 0) throw wrongCode();
        method = "totp";
      } else {
        if (!(await useRecoveryCode(tx.db, userId, code, now))) throw wrongCode();
        method = "recovery";
      }
      await markSecondFactor(tx.db, userId, sessionId, now);
      return { method, recoveryCodesLeft: await recoveryCodesLeft(tx.db, userId) };
    }),
  );
}
