import { data } from "react-router";
import type { PageContext } from "../../server/context.ts";
import { staffScopeOf, type StaffScope } from "../../server/modules/audit/index.ts";

/*
 * What every back-office write does before its use case: it acts as the signed-in staff member
 * (so the change is audited with who made it, ADR 58), and a form that carries the record's
 * version is refused (409) when the record changed since the page was read, saying who changed it
 * and when, with what the user typed kept.
 */

/** The request's scope as the signed-in staff member (the guard made sure there is one). */
export function staffScope(context: PageContext): StaffScope & PageContext {
  const user = context.session!.user;
  return staffScopeOf(context, { id: user.id, email: user.email, role: user.role }, context.requestId);
}

/** The answer of a stale form: 409, and who changed the record when (from its audit entries). */
export function staleAnswer(values: Record<string, string>, lastChange: { by: string | null; at: string } | null) {
  const who = lastChange ? ` by ${lastChange.by ?? "the shop"} at ${lastChange.at.slice(0, 16).replace("T", " ")} UTC` : "";
  return data(
    {
      ok: false as const,
      fieldErrors: {} as Record<string, string>,
      formError: `This was changed${who} since you opened the page. Check the page as it is now, then try again.`,
      values,
      stale: true,
    },
    { status: 409 },
  );
}
