import type { RequestContext } from "../../context.ts";
import type { CurrentSession } from "../../modules/accounts/index.ts";
import { ForbiddenError } from "./errors.ts";

/**
 * Staff changes through the REST APIs (orders' moves, the catalogue's collections): an account with
 * a back-office role acts here as in the back office, with its second factor proved in this session
 * and within the session's limits (ADR 59, 73); one given the scope alone acts on its password.
 */
export async function requireApiSecondFactor(context: RequestContext, session: CurrentSession): Promise<void> {
  const { user, sessionId } = session;
  const allowed = await context.services.staffAccess.mayActOnApi(context, { userId: user.id, role: user.role, sessionId });
  if (!allowed) throw new ForbiddenError("Sign in to the back office with your second factor first.");
}
