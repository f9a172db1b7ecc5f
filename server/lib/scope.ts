import type { Db } from "../db/client.ts";
import type { Visitor } from "../modules/rate-limit/index.ts";

/*
 * What every service function takes first (ADR 34): the database handle to work through and who
 * is asking. Inside withTransaction, `db` is the transaction, so a use case that spans modules
 * (placing an order: the bag, stock, the order, its mail) commits or rolls back as one.
 */

export interface Scope {
  /** The database, or the transaction the current use case runs in. */
  readonly db: Db;
  /** Who is asking: per-address rate limits key on this. */
  readonly visitor: Visitor;
  /** Set inside withTransaction: what runs once the transaction has committed. */
  readonly transaction?: TransactionState;
}

interface TransactionState {
  readonly afterCommit: (() => void)[];
}

/**
 * Runs `work` in one database transaction, handing it a scope whose `db` is that transaction.
 * Called inside another withTransaction, it joins the outer one: one use case, one commit. Tasks
 * registered with afterCommit run once the outermost transaction has committed, never when it
 * rolled back.
 *
 * Everything inside must go through the scope's `db`: on the embedded database (one connection),
 * a query on the outer handle would wait for the transaction that waits for it.
 */
export async function withTransaction<S extends Scope, T>(scope: S, work: (scope: S) => Promise<T>): Promise<T> {
  if (scope.transaction) return work(scope);
  const state: TransactionState = { afterCommit: [] };
  const result = await scope.db.transaction((tx) => work({ ...scope, db: tx, transaction: state }));
  for (const task of state.afterCommit) task();
  return result;
}

/**
 * Runs `task` after the scope's transaction commits (at once outside a transaction): events and
 * mails must never tell of changes that were rolled back. The task must not throw; work that can
 * fail belongs in a durable job.
 */
export function afterCommit(scope: Scope, task: () => void): void {
  if (scope.transaction) scope.transaction.afterCommit.push(task);
  else task();
}

/** A scope outside any request: scripts, start-up work and tests. */
export function systemScope(db: Db, visitor: Visitor = { ip: "127.0.0.1" }): Scope {
  return { db, visitor };
}
