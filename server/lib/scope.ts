import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";

/*
 * What every service function takes first (ADR 34): the database handle to work through and who
 * is asking. Inside withTransaction, `db` is the transaction, so a use case that spans modules
 * (placing an order: the bag, stock, the order, its mail) commits or rolls back as one.
 */

/** Who is asking, as per-address limits see it: the client's address (behind TRUST_PROXY proxies, the forwarded one). */
export interface Visitor {
  ip: string;
}

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
  /** The handle the transaction was begun on (the process's database). */
  readonly root: Db;
}

// The state of each transaction withTransaction began, by its handle: code that is handed only the
// handle (`db`) can still wait for the commit (afterCommitOn).
const transactions = new WeakMap<Db, TransactionState>();

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
  const state: TransactionState = { afterCommit: [], root: scope.db };
  const result = await scope.db.transaction((tx) => {
    transactions.set(tx, state);
    return work({ ...scope, db: tx, transaction: state });
  });
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

/**
 * afterCommit for code that holds only a database handle: `task` gets the process's database
 * handle and runs once the transaction `db` belongs to has committed, or at once when `db` is not
 * a transaction. A transaction not begun by withTransaction cannot say when it commits, so it is
 * refused: a bug to fix where it starts, never an event told too early.
 */
export function afterCommitOn(db: Db, task: (root: Db) => void): void {
  const state = transactions.get(db);
  if (state) state.afterCommit.push(() => task(state.root));
  else if (db instanceof PgTransaction)
    throw new Error("A change that tells others after its commit must run in withTransaction");
  else task(db);
}

/** A scope outside any request: scripts, start-up work and tests. */
export function systemScope(db: Db, visitor: Visitor = { ip: "127.0.0.1" }): Scope {
  return { db, visitor };
}
