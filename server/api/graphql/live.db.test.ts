import { connect } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { createClient, type Client, type FormattedExecutionResult } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { DUTCH_ADDRESS } from "../../../tests/support/orders.ts";
import { sessions, users, variants } from "../../db/schema/index.ts";
import { base32Decode } from "../../modules/staff-access/base32.ts";
import { totpCode } from "../../modules/staff-access/totp.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { registeredCustomer } from "../../../tests/support/customers-fixtures.ts";
import { LIMITS } from "./limits.ts";
import { LIVE_LIMITS } from "./live.ts";
import { liveGraphQLServer, seededShop } from "../../../tests/support/graphql-harness.ts";

/*
 * GraphQL subscriptions over WebSocket (issue 13 §1), spoken to by the official graphql-ws client
 * against a real HTTP server: the token in the connection parameters, each subscription's events,
 * and nobody hearing of another customer's orders or bag.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let server: Awaited<ReturnType<typeof liveGraphQLServer>>;
let scope: Scope;
let people = 0;
const clients: Client[] = [];

beforeAll(async () => {
  shop = await seededShop(8);
  scope = systemScope(shop.database.db);
  server = await liveGraphQLServer(shop);
});

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await server?.close();
  await shop?.services.mails.settled();
  await shop?.close();
});

function client(connectionParams?: Record<string, unknown>): Client {
  const made = createClient({ url: server.url, webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  clients.push(made);
  return made;
}

/** A subscription's results as they come, and its end (an error or the socket's close). */
function follow<T = Record<string, unknown>>(on: Client, query: string, variables?: Record<string, unknown>) {
  const results: FormattedExecutionResult<T, unknown>[] = [];
  let ended: unknown = undefined;
  const ends = new Promise<unknown>((resolve) => {
    on.subscribe<T>(
      { query, variables },
      {
        next: (result) => results.push(result),
        error: (error) => resolve((ended = error ?? "error")),
        complete: () => resolve((ended = "complete")),
      },
    );
  });
  return { results, ends, ended: () => ended };
}

/** Waits until the server follows `count` subscriptions in all (their events can no longer be missed). */
async function subscribed(count: number) {
  await vi.waitFor(() => expect(server.live.subscriptions).toBe(count), { timeout: 5_000 });
}

async function customer() {
  return registeredCustomer(shop.services, shop.database.db, 5000 + ++people);
}

async function customerOrder(customerId: number, variantId: number, quantity = 1) {
  await shop.services.cart.addLine(scope, { customerId }, { variantId, quantity });
  const body = {
    email: `keeper${customerId}@example.com`,
    shippingAddress: DUTCH_ADDRESS,
    deliveryMethod: "home-standard",
    paymentMethod: "bank-transfer",
  };
  return (await shop.services.checkout.placeOrder(scope, { customerId, bag: { customerId } }, body)).order;
}

const STOCK = "subscription($id: ID!) { stockChanged(productId: $id) { variantId available left } }";
const ORDERS = "subscription { orderUpdated { number status } }";
const BAG = "subscription { bagChanged { itemCount } }";

describe("stockChanged", () => {
  test("a guest hears the stock of a product's option change when an order takes it, with 'left' only when few are", async () => {
    const [variantId] = (await stockedOptions(shop.database.db, 1)) as [number];
    const [option] = await shop.database.db.select().from(variants).where(eq(variants.id, variantId));
    await shop.database.db.update(variants).set({ stock: 7 }).where(eq(variants.id, variantId));
    const before = server.live.subscriptions;
    const stock = follow(client(), STOCK, { id: String(option!.productId) });
    await subscribed(before + 1);

    const buyer = await customer();
    await customerOrder(buyer.id, variantId, 1);
    await vi.waitFor(() => expect(stock.results).toHaveLength(1));
    expect(stock.results[0]).toEqual({ data: { stockChanged: { variantId: String(variantId), available: true, left: null } } });
    await customerOrder(buyer.id, variantId, 3);
    await vi.waitFor(() => expect(stock.results).toHaveLength(2));
    expect(stock.results[1]!.data!.stockChanged).toEqual({ variantId: String(variantId), available: true, left: 3 });
    await customerOrder(buyer.id, variantId, 3);
    await vi.waitFor(() => expect(stock.results).toHaveLength(3));
    expect(stock.results[2]!.data!.stockChanged).toEqual({ variantId: String(variantId), available: false, left: null });
  });

  test("subscribers following one product alike share one stream; each hears every change, and one leaving ends only its own", async () => {
    // An option of another product than the other tests follow (theirs is the first stocked one's).
    const stocked = await stockedOptions(shop.database.db, 20);
    const rows = await shop.database.db.select().from(variants).where(inArray(variants.id, stocked));
    const taken = rows.find((row) => row.id === stocked[0])!.productId;
    const option = rows.find((row) => row.productId !== taken)!;
    const variantId = option.id;
    await shop.database.db.update(variants).set({ stock: 12 }).where(eq(variants.id, variantId));
    const id = String(option.productId);
    const [groups, before] = [server.live.sharedStreams, server.live.subscriptions];
    const [ann, ben] = [client(), client()];
    const annStock = follow(ann, STOCK, { id });
    const benStock = follow(ben, STOCK, { id });
    // Another query of the same product is answered apart: its answers differ.
    const short = follow(client(), "subscription($id: ID!) { stockChanged(productId: $id) { available } }", { id });
    await subscribed(before + 3);
    expect(server.live.sharedStreams).toBe(groups + 2);

    const buyer = await customer();
    await customerOrder(buyer.id, variantId, 1);
    const heard = { stockChanged: { variantId: String(variantId), available: true, left: null } };
    await vi.waitFor(() => expect([annStock.results, benStock.results, short.results].map((r) => r.length)).toEqual([1, 1, 1]));
    expect(annStock.results[0]!.data).toEqual(heard);
    expect(benStock.results[0]!.data).toEqual(heard);
    expect(short.results[0]!.data).toEqual({ stockChanged: { available: true } });

    // Ann, whose subscription started the shared stream, leaves; Ben goes on hearing.
    await ann.dispose();
    await subscribed(before + 2);
    await customerOrder(buyer.id, variantId, 8);
    await vi.waitFor(() => expect(benStock.results).toHaveLength(2));
    expect(benStock.results[1]!.data).toEqual({ stockChanged: { variantId: String(variantId), available: true, left: 3 } });
    expect(annStock.results).toHaveLength(1);
    expect(server.live.sharedStreams).toBe(groups + 2);
    await ben.dispose();
    await vi.waitFor(() => expect(server.live.sharedStreams).toBe(groups + 1));
  });

  test("an unknown product is an error, not a subscription that never speaks", async () => {
    const stock = follow(client(), STOCK, { id: "999999" });
    // As the protocol has it: the execution's errors in one result, then the end.
    expect(await stock.ends).toBe("complete");
    expect(stock.results).toEqual([
      {
        errors: [
          expect.objectContaining({ message: "No such product.", extensions: { code: "BAD_USER_INPUT", argument: "productId" } }),
        ],
      },
    ]);
  });
});

describe("orderUpdated and bagChanged", () => {
  test("each customer hears of their own orders and bag only; the token rides in the connection parameters", async () => {
    const [variantId] = (await stockedOptions(shop.database.db, 1)) as [number];
    const ann = await customer();
    const ben = await customer();
    // Apollo's shape (plain) and Nuxt's (under headers).
    const annClient = client({ Authorization: `Bearer ${ann.jwt}` });
    const benClient = client({ headers: { authorization: `Bearer ${ben.jwt}` } });
    const before = server.live.subscriptions;
    const annOrders = follow(annClient, ORDERS);
    const annBag = follow<{ bagChanged: { itemCount: number } }>(annClient, BAG);
    const benOrders = follow(benClient, ORDERS);
    const benBag = follow(benClient, BAG);
    await subscribed(before + 4);

    await shop.services.cart.addLine(scope, { customerId: ann.id }, { variantId, quantity: 2 });
    await vi.waitFor(() => expect(annBag.results.at(-1)).toEqual({ data: { bagChanged: { itemCount: 2 } } }));
    const order = await customerOrder(ann.id, variantId, 1);
    await vi.waitFor(() => expect(annBag.results.at(-1)?.data?.bagChanged.itemCount).toBe(0));
    await shop.services.staff.markPaid(scope, order.number);
    await vi.waitFor(() =>
      expect(annOrders.results).toEqual([{ data: { orderUpdated: { number: order.number, status: "PAID" } } }]),
    );

    // Ann's events went out on the one bus Ben listens on too, and reached Ann: none reached Ben.
    expect(benOrders.results).toEqual([]);
    expect(benBag.results).toEqual([]);

    // Ben's own streams work.
    const benOrder = await customerOrder(ben.id, variantId, 1);
    await shop.services.staff.markPaid(scope, benOrder.number);
    await vi.waitFor(() =>
      expect(benOrders.results).toEqual([{ data: { orderUpdated: { number: benOrder.number, status: "PAID" } } }]),
    );
    await vi.waitFor(() => expect(benBag.results.at(-1)).toEqual({ data: { bagChanged: { itemCount: 0 } } }));
    expect(annOrders.results).toHaveLength(1);
  });

  test("a change that is rolled back is told to nobody", async () => {
    const [variantId] = (await stockedOptions(shop.database.db, 1)) as [number];
    const cat = await customer();
    const before = server.live.subscriptions;
    const bag = follow(client({ Authorization: `Bearer ${cat.jwt}` }), BAG);
    await subscribed(before + 1);
    // More than there is: refused after the bag was locked and touched, inside its transaction.
    await shop.database.db.update(variants).set({ stock: 2 }).where(eq(variants.id, variantId));
    await expect(shop.services.cart.addLine(scope, { customerId: cat.id }, { variantId, quantity: 3 })).rejects.toThrow(
      /left|stock/i,
    );
    await shop.services.cart.addLine(scope, { customerId: cat.id }, { variantId, quantity: 1 });
    await vi.waitFor(() => expect(bag.results).toHaveLength(1));
    expect(bag.results[0]).toEqual({ data: { bagChanged: { itemCount: 1 } } });
  });

  test("a customer who logged out elsewhere hears nothing more of their orders", async () => {
    const [variantId] = (await stockedOptions(shop.database.db, 1)) as [number];
    const dan = await customer();
    const before = server.live.subscriptions;
    const orders = follow(client({ Authorization: `Bearer ${dan.jwt}` }), ORDERS);
    await subscribed(before + 1);
    const order = await customerOrder(dan.id, variantId, 1);
    await shop.services.accounts.logout(scope, dan.jwt);
    await shop.services.staff.markPaid(scope, order.number);
    // The event found the session ended: the subscription ends with it, and said nothing.
    expect(await orders.ends).toBeDefined();
    expect(orders.results.some((result) => JSON.stringify(result).includes(order.number))).toBe(false);
  });

  test("a guest may not follow orders or a bag", async () => {
    for (const query of [ORDERS, BAG]) {
      const followed = follow(client(), query);
      expect(await followed.ends).toBe("complete");
      expect(followed.results).toEqual([
        { errors: [expect.objectContaining({ message: "Please log in.", extensions: { code: "UNAUTHENTICATED" } })] },
      ]);
    }
  });
});

describe("orderPlaced", () => {
  const PLACED = "subscription { orderPlaced { number total currency paymentMethod } }";

  /** A staff account whose session has given its second factor (ADR 59), as the back office's dashboard has. */
  async function staffSignedIn() {
    const made = await customer();
    await shop.database.db.update(users).set({ role: "staff" }).where(eq(users.id, made.id));
    const { sessionId } = (await shop.services.accounts.authenticate(scope, made.jwt))!;
    const { secret } = await shop.services.staffAccess.startEnrolment(scope, { userId: made.id, sessionId });
    await shop.services.staffAccess.confirmEnrolment(scope, {
      userId: made.id,
      sessionId,
      code: totpCode(base32Decode(secret), Date.now()),
    });
    return made;
  }

  test("staff signed in to the back office hear of every new order; a customer and a staff session without its code are refused", async () => {
    const [variantId] = (await stockedOptions(shop.database.db, 1)) as [number];
    const desk = await staffSignedIn();
    const noCode = await customer();
    await shop.database.db.update(users).set({ role: "staff" }).where(eq(users.id, noCode.id));
    const shopper = await customer();

    const refused = [
      follow(client({ Authorization: `Bearer ${shopper.jwt}` }), PLACED),
      follow(client({ Authorization: `Bearer ${noCode.jwt}` }), PLACED),
    ];
    for (const one of refused) {
      expect(await one.ends).toBe("complete");
      expect(one.results).toEqual([{ errors: [expect.objectContaining({ extensions: { code: "FORBIDDEN" } })] }]);
    }
    const before = server.live.subscriptions;
    const placed = follow(client({ Authorization: `Bearer ${desk.jwt}` }), PLACED);
    await subscribed(before + 1);
    const order = await customerOrder(shopper.id, variantId, 1);
    await vi.waitFor(() =>
      expect(placed.results).toEqual([
        {
          data: {
            orderPlaced: { number: order.number, total: order.total, currency: order.currency, paymentMethod: "bank-transfer" },
          },
        },
      ]),
    );
  });
  test("a dashboard left alone past the back office's 30 idle minutes hears no more new orders; the orders it heard kept no one signed in", async () => {
    const [variantId] = (await stockedOptions(shop.database.db, 1)) as [number];
    const desk = await staffSignedIn();
    const shopper = await customer();
    const before = server.live.subscriptions;
    const placed = follow(client({ Authorization: `Bearer ${desk.jwt}` }), PLACED);
    await subscribed(before + 1);
    const { sessionId } = (await shop.services.accounts.authenticate(scope, desk.jwt))!;
    // Last seen in the back office 20 minutes ago: an order pushed now is heard, and is not activity.
    const twentyAgo = new Date(Date.now() - 20 * 60_000);
    await shop.database.db.update(sessions).set({ backOfficeSeenAt: twentyAgo }).where(eq(sessions.id, sessionId));
    const first = await customerOrder(shopper.id, variantId, 1);
    await vi.waitFor(() => expect(JSON.stringify(placed.results)).toContain(first.number));
    const [row] = await shop.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row!.backOfficeSeenAt).toEqual(twentyAgo);

    // Then 31 minutes: the next order finds the session over; the subscription ends without it.
    const idle = new Date(Date.now() - 31 * 60_000);
    await shop.database.db.update(sessions).set({ backOfficeSeenAt: idle }).where(eq(sessions.id, sessionId));
    const second = await customerOrder(shopper.id, variantId, 1);
    expect(await placed.ends).toBeDefined();
    expect(JSON.stringify(placed.results)).not.toContain(second.number);
    expect(await shop.services.accounts.authenticate(scope, desk.jwt)).toBeNull();
  });
});

describe("the connection", () => {
  test("a bad or malformed token closes the socket with 4403; none is a guest", async () => {
    for (const params of [
      { Authorization: "Bearer not.a.token" },
      { Authorization: "Basic abc" },
      { headers: { authorization: 42 } },
    ]) {
      const stock = follow(client(params), STOCK, { id: "1" });
      expect(await stock.ends).toMatchObject({ code: 4403 });
    }
  });

  test("an opening to another path is refused, and a client that resets it takes nothing down", async () => {
    const { port } = new URL(server.httpUrl);
    for (let i = 0; i < 5; i++) {
      const socket = connect(Number(port), "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write("GET /elsewhere HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
      socket.resetAndDestroy();
    }
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("GET /elsewhere HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"),
      );
      socket.once("data", (data) => resolve(data.toString()));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    // Still serving.
    const stock = follow(client(), STOCK, { id: "999999" });
    expect(await stock.ends).toBe("complete");
  });

  test("at most LIVE_LIMITS.subscriptionsPerSocket operations at once on one socket", async () => {
    const [variantId] = (await stockedOptions(shop.database.db, 1)) as [number];
    const [option] = await shop.database.db.select().from(variants).where(eq(variants.id, variantId));
    const one = client();
    const before = server.live.subscriptions;
    for (let i = 0; i < LIVE_LIMITS.subscriptionsPerSocket; i++) follow(one, STOCK, { id: String(option!.productId) });
    await subscribed(before + LIVE_LIMITS.subscriptionsPerSocket);
    const extra = follow(one, STOCK, { id: String(option!.productId) });
    expect(await extra.ends).toEqual([expect.objectContaining({ extensions: { code: "TOO_MANY_SUBSCRIPTIONS" } })]);
  });

  test("the same limits as queries: too many aliases are refused before anything runs", async () => {
    const aliases = Array.from({ length: LIMITS.aliases + 1 }, (_, i) => `a${i}: number`).join(" ");
    const tooMany = follow(client(), `subscription { orderUpdated { ${aliases} } }`);
    expect(JSON.stringify(await tooMany.ends)).toMatch(/alias/i);
  });
});
