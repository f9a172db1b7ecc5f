import type { Db } from "../../server/db/client.ts";
import { systemScope } from "../../server/lib/scope.ts";
import { base32Decode } from "../../server/modules/staff-access/base32.ts";
import { totpCode } from "../../server/modules/staff-access/totp.ts";
import type { Services } from "../../server/services.ts";

/**
 * Gives the session of `jwt` (a back-office account's, role already set) its second factor, as
 * the back office's set-up does: an authenticator enrolled and its first code given in that
 * session (ADR 59). The account's later staff changes through the APIs in it then pass the gate.
 */
export async function proveSecondFactor(services: Services, db: Db, jwt: string): Promise<void> {
  const scope = systemScope(db, { ip: "203.0.113.59" });
  const session = await services.accounts.authenticate(scope, jwt);
  if (!session) throw new Error("No session for that token");
  const who = { userId: session.user.id, sessionId: session.sessionId };
  const started = await services.staffAccess.startEnrolment(scope, who);
  await services.staffAccess.confirmEnrolment(scope, { ...who, code: totpCode(base32Decode(started.secret), new Date()) });
}
