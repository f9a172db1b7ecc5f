import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { dayRange } from "./days.ts";
import { auditListInput, paramsOf, type AuditListParams } from "./schemas.ts";
import { linkOf, PAGE_SIZE } from "./shared.ts";

/** An entry of the audit log as its page lists it. */
export interface AuditRow {
  id: number;
  at: string;
  actorId: number | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  entityType: string;
  entityId: string;
  /** The changed fields only: { field: [before, after] }; the first CHANGES_SHOWN of them. */
  changes: Record<string, [unknown, unknown]>;
  /** How many more the entry holds (a bulk edit's rows, ADR 71); 0 for most. */
  moreChanges: number;
  requestId: string | null;
  clientAddress: string | null;
  /** The entity's back-office page (linkOf); null when it has none. */
  link: string | null;
}

export interface AuditPage {
  rows: AuditRow[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  params: AuditListParams;
}

/** The changes a row of the log shows: a bulk edit's entry holds a row for each field it changed, thousands maybe. */
export const CHANGES_SHOWN = 20;

/** An actor given as an account id (digits) or as the e-mail address they had when they acted. */
function actorWhere(actor: string): SQL {
  return /^\d{1,10}$/.test(actor) && Number(actor) <= 2_147_483_647
    ? eq(auditLog.actorId, Number(actor))
    : eq(auditLog.actorEmail, actor);
}

/** The audit log (issue 24 §6), newest first, 50 a page: by person, entity, action and UTC days. */
export async function auditList(scope: Scope, raw: unknown = {}): Promise<AuditPage> {
  const params = parseInput(auditListInput, paramsOf(raw));
  const { since, before } = dayRange(params.from, params.to);
  const where = and(
    params.actor ? actorWhere(params.actor) : undefined,
    params.entityType ? eq(auditLog.entityType, params.entityType) : undefined,
    params.entityId ? eq(auditLog.entityId, params.entityId) : undefined,
    params.action ? eq(auditLog.action, params.action) : undefined,
    since ? gte(auditLog.at, since) : undefined,
    before ? lt(auditLog.at, before) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    scope.db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(PAGE_SIZE)
      .offset((params.page - 1) * PAGE_SIZE),
    scope.db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const total = counted?.n ?? 0;
  return {
    rows: rows.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      actorId: entry.actorId,
      actorEmail: entry.actorEmail,
      actorRole: entry.actorRole,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      changes: Object.fromEntries(Object.entries(entry.changes).slice(0, CHANGES_SHOWN)),
      moreChanges: Math.max(0, Object.keys(entry.changes).length - CHANGES_SHOWN),
      requestId: entry.requestId,
      clientAddress: entry.clientAddress,
      link: linkOf(entry),
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
    params,
  };
}
