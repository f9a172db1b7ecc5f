import { hasScope } from "../../modules/accounts/index.ts";
import { staffScopeOf, type StaffScope } from "../../modules/audit/index.ts";
import type { GraphQLContext } from "./context.ts";
import { shopError } from "./errors.ts";

/**
 * The scope of a staff change through GraphQL (ADR 73), as the REST API's staff changes ask it: a
 * login with the "staff" scope, and for a back-office account its second factor given in this
 * session, within the back office's limits (ADR 59). The change is audited with who made it.
 */
export async function changingStaff(context: GraphQLContext): Promise<StaffScope> {
  const session = await context.session();
  if (!session) throw shopError("UNAUTHENTICATED", "Please log in.");
  const { user, sessionId } = session;
  if (!hasScope(user, "staff")) throw shopError("FORBIDDEN", "Only the shop's staff may do this.");
  const allowed = await context.services.staffAccess.mayActOnApi(context, { userId: user.id, role: user.role, sessionId });
  if (!allowed) {
    throw shopError("FORBIDDEN", "Sign in to the back office with your second factor first.", { reason: "second-factor" });
  }
  return staffScopeOf(context, user, context.requestId);
}
