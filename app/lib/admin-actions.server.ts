import { data, redirect } from "react-router";
import { formFailure } from "./forms.server";
import type { PageContext } from "../../server/context.ts";
import { staffScopeOf, type StaffScope } from "../../server/modules/audit/index.ts";
import { recentSecondFactor } from "../../server/modules/staff-access/shared.ts";

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

/** Where a page that needs a fresh code sends the account first (and back after). */
export const CONFIRM_PATH = "/admin/confirm";

/**
 * For a read that hands out personal data in bulk (an export, issue 24 §2): unless this session
 * gave its code within 10 minutes, the account gives it again on the confirm page, which then
 * offers the address asked for.
 */
export async function requireRecentCode(context: PageContext, request: Request): Promise<void> {
  const { user, sessionId } = context.session!;
  const session = await context.services.staffAccess.backOfficeSession(context.db, user.id, sessionId);
  if (session && recentSecondFactor(session)) return;
  const url = new URL(request.url);
  throw redirect(`${CONFIRM_PATH}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** A back-office address to go on to (from a query), never one outside the back office. */
export function backOfficeAddress(wanted: string | null): string | null {
  if (!wanted || !wanted.startsWith("/") || wanted.startsWith("//") || wanted.includes("\\")) return null;
  // Read as the browser will (dot segments resolved, odd characters escaped), on this shop only.
  const here = "http://shop.invalid";
  let url: URL;
  try {
    url = new URL(wanted, here);
  } catch {
    return null;
  }
  return url.origin === here && url.pathname.startsWith("/admin/") ? url.pathname + url.search : null;
}

/** A record a back-office form changes, as its audit entries name it. */
export interface AuditedRecord {
  entityType: string;
  entityId: string;
  /** Audited actions that leave the record as it was (a note, a resent mail, an export). */
  unchanging: readonly string[];
}

/**
 * The answer of a refused back-office form: for a stale version, 409 with who changed the record
 * last and when (the staff member whose audited change is its last one; "the shop" when its last
 * change was not staff's, such as a payment arriving); else the form's failure.
 */
export async function refusedForm(context: PageContext, error: unknown, values: Record<string, string>, record: AuditedRecord) {
  const failed = error as { code?: string; details?: { changedAt?: string } };
  if (failed.code !== "STALE_VERSION") return formFailure(error, values);
  const changedAt = failed.details?.changedAt;
  if (!changedAt) return staleAnswer(values, null);
  const audit = await context.services.backOffice.auditList(context, {
    entityType: record.entityType,
    entityId: record.entityId,
  });
  const last = audit.rows.find((entry) => !record.unchanging.includes(entry.action));
  const staffMade = last && Math.abs(Date.parse(last.at) - Date.parse(changedAt)) < 5_000;
  return staleAnswer(values, { by: staffMade ? last.actorEmail : null, at: changedAt });
}
