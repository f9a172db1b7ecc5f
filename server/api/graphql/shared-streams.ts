import { Kind, type DocumentNode, type ExecutionResult, type OperationDefinitionNode } from "graphql";

/*
 * One execution per event for the subscriptions many follow alike (ADR 45, issue 13 §5). Five
 * thousand shoppers on one product page follow the same `stockChanged` with the same query: each
 * used to get its own listener on the bus and its own GraphQL execution of every event, so one
 * stock change cost 5,000 executions before the last shopper heard of it.
 *
 * Now every subscriber still subscribes for itself (its query is validated, its cost budget
 * charged, its right to see the product checked), but the subscribers whose operation would give
 * the same answer to every one of them (the same query text, operation name and variables, on a
 * root field whose answer does not depend on who asks) share one stream: the first one's stream
 * is kept and its results handed to all; a joiner's own stream is closed at once. The group ends
 * when its last member leaves, or with its stream (its error, if it failed, reaches every member,
 * as an unshared stream's would).
 *
 * The first subscriber's context runs every event of the group, even after it has left: only root
 * fields whose resolvers read nothing of the context or of who asks may be shared.
 */

/** Root fields whose events are the same for everyone allowed to follow them. */
const SHAREABLE_FIELDS = new Set(["stockChanged"]);

/** Results kept for a member that has not taken them yet; older ones go first (as the bus keeps them). */
const KEPT_PER_MEMBER = 64;

type Result = ExecutionResult;

/**
 * The key under which subscribers share a stream, or null when this operation's events may differ
 * between them (anything but one shareable root field, or a subscription not found).
 */
export function shareKey(
  document: DocumentNode,
  query: string,
  operationName: string | null | undefined,
  variables: unknown,
): string | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation || operation.operation !== "subscription") return null;
  const [only, ...others] = operation.selectionSet.selections;
  if (!only || others.length > 0 || only.kind !== Kind.FIELD || !SHAREABLE_FIELDS.has(only.name.value)) return null;
  return JSON.stringify([query, operationName ?? null, variables ?? null]);
}

/** One member's view of a group's results: an async iterator as graphql-ws reads it. */
class Member implements AsyncIterableIterator<Result> {
  private readonly queue: Result[] = [];
  private waiting: { resolve: (result: IteratorResult<Result>) => void; reject: (error: unknown) => void } | null = null;
  private done = false;
  private failure: { error: unknown } | null = null;

  constructor(private readonly leave: (member: Member) => void) {}

  push(result: Result): void {
    if (this.done) return;
    if (this.waiting) {
      const waiting = this.waiting;
      this.waiting = null;
      waiting.resolve({ value: result, done: false });
      return;
    }
    this.queue.push(result);
    if (this.queue.length > KEPT_PER_MEMBER) this.queue.shift();
  }

  /** No more results; with `failure`, the stream failed and the member's reader is told so after the rest. */
  end(failure?: { error: unknown }): void {
    if (this.done) return;
    this.done = true;
    this.failure = failure ?? null;
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) return;
    if (this.failure) waiting.reject(this.failure.error);
    else waiting.resolve({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<Result>> {
    const result = this.queue.shift();
    if (result) return Promise.resolve({ value: result, done: false });
    if (this.done) {
      const failure = this.failure;
      this.failure = null;
      return failure ? Promise.reject(failure.error) : Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  return(): Promise<IteratorResult<Result>> {
    this.queue.length = 0;
    this.end();
    this.leave(this);
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<Result>> {
    void this.return();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

interface Group {
  members: Set<Member>;
  source: AsyncIterator<Result>;
}

export function createSharedStreams(options: { onError?: (error: unknown) => void } = {}) {
  const groups = new Map<string, Group>();

  function leave(key: string, group: Group, member: Member): void {
    group.members.delete(member);
    if (group.members.size > 0 || groups.get(key) !== group) return;
    groups.delete(key);
    void group.source.return?.();
  }

  async function pump(key: string, group: Group): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      for (;;) {
        const next = await group.source.next();
        if (next.done) break;
        for (const member of group.members) member.push(next.value);
      }
    } catch (error) {
      failure = { error };
      options.onError?.(error);
    } finally {
      if (groups.get(key) === group) groups.delete(key);
      for (const member of group.members) member.end(failure);
    }
  }

  return {
    /**
     * The stream a subscriber reads: `own` (the subscriber's own, already subscribed) when it
     * starts a group, or the group's, in which case `own` is closed at once.
     */
    join(key: string, own: AsyncIterator<Result>): AsyncIterableIterator<Result> {
      const existing = groups.get(key);
      if (existing) {
        void own.return?.();
        const member: Member = new Member((m) => leave(key, existing, m));
        existing.members.add(member);
        return member;
      }
      const group: Group = { members: new Set(), source: own };
      groups.set(key, group);
      const member: Member = new Member((m) => leave(key, group, m));
      group.members.add(member);
      void pump(key, group);
      return member;
    },
    /** How many shared streams are open now (for tests). */
    get groups() {
      return groups.size;
    },
  };
}

export type SharedStreams = ReturnType<typeof createSharedStreams>;
