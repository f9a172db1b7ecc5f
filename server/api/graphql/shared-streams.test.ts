import { parse, type ExecutionResult } from "graphql";
import { describe, expect, test } from "vitest";
import { createSharedStreams, shareKey } from "./shared-streams.ts";

/* One stream for the subscribers that follow alike: what each member reads, and how a group ends. */

/** A stream fed by the test: `send` a result, `fail` it, `end` it; `closed` once its reader returned it. */
function source() {
  const readers: { resolve: (result: IteratorResult<ExecutionResult>) => void; reject: (error: unknown) => void }[] = [];
  const state = { closed: false };
  const stream: AsyncIterator<ExecutionResult> = {
    next: () => new Promise((resolve, reject) => readers.push({ resolve, reject })),
    return: () => {
      state.closed = true;
      return Promise.resolve({ value: undefined, done: true });
    },
  };
  return {
    stream,
    state,
    send: (n: number) => readers.shift()?.resolve({ value: { data: { n } }, done: false }),
    end: () => readers.shift()?.resolve({ value: undefined, done: true }),
    fail: (error: Error) => readers.shift()?.reject(error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("shareKey", () => {
  const key = (query: string, operationName?: string, variables: unknown = { id: "1" }) =>
    shareKey(parse(query), query, operationName, variables);

  test("only a subscription of stockChanged alone is shared, keyed by its text, name and variables", () => {
    const stock = "subscription($id: ID!) { stockChanged(productId: $id) { variantId available } }";
    expect(key(stock)).not.toBeNull();
    expect(key(stock)).toBe(key(stock));
    expect(key(stock, undefined, { id: "2" })).not.toBe(key(stock));
    expect(key("subscription { orderUpdated { number } }")).toBeNull();
    expect(key("subscription { bagChanged { itemCount } }")).toBeNull();
    expect(key("query { brands { slug } }")).toBeNull();
    // Two operations and no name: nothing to tell which runs.
    expect(key(`${stock} subscription B { bagChanged { itemCount } }`)).toBeNull();
  });
});

describe("shared streams", () => {
  test("every member hears every result; a joiner's own stream is closed at once; the last to leave closes the group's", async () => {
    const shared = createSharedStreams();
    const [first, joiner] = [source(), source()];
    const a = shared.join("k", first.stream);
    const b = shared.join("k", joiner.stream);
    expect(joiner.state.closed).toBe(true);
    expect(shared.groups).toBe(1);

    await tick();
    first.send(1);
    expect(await a.next()).toEqual({ value: { data: { n: 1 } }, done: false });
    expect(await b.next()).toEqual({ value: { data: { n: 1 } }, done: false });

    // The member that started the group leaves; the other goes on.
    await a.return!();
    expect(first.state.closed).toBe(false);
    await tick();
    first.send(2);
    expect(await b.next()).toEqual({ value: { data: { n: 2 } }, done: false });
    // A reader waiting when it leaves is told the end.
    const pending = b.next();
    await b.return!();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(first.state.closed).toBe(true);
    expect(shared.groups).toBe(0);
  });

  test("a stream that ends ends its members; a later subscriber starts a new group", async () => {
    const shared = createSharedStreams();
    const first = source();
    const a = shared.join("k", first.stream);
    await tick();
    first.end();
    expect(await a.next()).toEqual({ value: undefined, done: true });
    const second = source();
    shared.join("k", second.stream);
    expect(second.state.closed).toBe(false);
    expect(shared.groups).toBe(1);
  });

  test("a stream that fails tells every member its error after what they had not read, and reports it", async () => {
    const reported: unknown[] = [];
    const shared = createSharedStreams({ onError: (error) => reported.push(error) });
    const first = source();
    const [a, b] = [shared.join("k", first.stream), shared.join("k", source().stream)];
    await tick();
    first.send(1);
    await tick();
    first.fail(new Error("the bus broke"));
    await tick();
    expect(await a.next()).toEqual({ value: { data: { n: 1 } }, done: false });
    await expect(a.next()).rejects.toThrow("the bus broke");
    await expect(b.next()).resolves.toEqual({ value: { data: { n: 1 } }, done: false });
    await expect(b.next()).rejects.toThrow("the bus broke");
    expect(reported).toHaveLength(1);
    expect(shared.groups).toBe(0);
  });

  test("a member that does not read keeps only the latest 64 results", async () => {
    const shared = createSharedStreams();
    const first = source();
    const slow = shared.join("k", first.stream);
    for (let n = 1; n <= 70; n++) {
      await tick();
      first.send(n);
    }
    await tick();
    expect(await slow.next()).toEqual({ value: { data: { n: 7 } }, done: false });
  });
});
