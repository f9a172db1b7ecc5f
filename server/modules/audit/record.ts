import { auditLog } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";

/** Who made a back-office change: the account, with the address and role it had then. */
export interface Actor {
  id: number;
  email: string;
  role: string;
}

/**
 * The scope of a back-office or staff-API change: who makes it, and the request it came with.
 * Every such use case takes one, so none can forget to say who did it.
 */
export interface StaffScope extends Scope {
  readonly actor: Actor;
  /** The request's id (the request log's), to find the request behind an entry. */
  readonly requestId?: string;
}

/** Whether a change is made by staff (its scope names the actor): then it gets an audit entry. */
export function isStaffScope(scope: Scope): scope is StaffScope {
  return (scope as Partial<StaffScope>).actor !== undefined;
}

/** The staff scope of a request made by `user` (its session's account). */
export function staffScopeOf<S extends Scope>(scope: S, user: Actor, requestId?: string): S & StaffScope {
  return { ...scope, actor: { id: user.id, email: user.email, role: user.role }, requestId };
}

export interface AuditChange {
  /** What was done, as entity.verb: "order.paid", "staff.invited", "customer.erased". */
  action: string;
  entityType: string;
  entityId: string | number;
  /** The fields that changed, each [before, after]; fields that did not change are dropped. */
  changes?: Record<string, [unknown, unknown]>;
}

/**
 * Writes the change's audit entry through the scope's handle: called inside the change's own
 * transaction, the entry commits with the change or not at all (ADR 58).
 */
export async function recordAudit(scope: StaffScope, change: AuditChange): Promise<void> {
  await scope.db.insert(auditLog).values({
    actorId: scope.actor.id,
    actorEmail: scope.actor.email,
    actorRole: scope.actor.role,
    action: change.action,
    entityType: change.entityType,
    entityId: String(change.entityId),
    changes: changedOnly(change.changes ?? {}),
    requestId: scope.requestId ?? null,
    clientAddress: scope.visitor.ip,
  });
}

/** The fields whose value differs between before and after (compared as JSON). */
export function changedOnly(changes: Record<string, [unknown, unknown]>): Record<string, [unknown, unknown]> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, [before, after]]) => JSON.stringify(before) !== JSON.stringify(after)),
  );
}

/** The changes between two records, over the fields named. */
export function diffFields<T extends object>(before: T, after: Partial<T>, fields: readonly (keyof T & string)[]) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) if (field in after) changes[field] = [before[field], after[field]];
  return changedOnly(changes);
}
