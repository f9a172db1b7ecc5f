import { and, eq, sql } from "drizzle-orm";
import { queryRows, type Db } from "../client.ts";
import {
  categories,
  deliveryMethods,
  deliveryZoneCountries,
  orderEvents,
  orderLines,
  orders,
  payments,
  products,
  users,
  variants,
  vatRates,
  type OrderStatus,
} from "../schema/index.ts";
import { insertByColumns, type ColumnSource } from "./bulk-insert.ts";
import { createRandom, type Random } from "./random.ts";

/*
 * A large order history for the back office's benchmark and demos (issue 24 §8): `npm run seed --
 * --orders 100000`. Orders spread over the last two years (more of them lately), in the statuses
 * an order of that age would have, from customers (about one account per 20 orders) and guests,
 * delivered across the shop's countries, with lines of the catalogue's options at their prices,
 * their history events and, for card orders, their payments. Written column-wise in batches
 * (insertByColumns), one transaction per batch of orders.
 */

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 730;
const RESERVATION_DAYS = 7;
/** Orders per transaction: their lines, events and payments go with them. */
const BATCH = 10_000;
const ORDERS_PER_CUSTOMER = 20;

// Enough names that one is as rare as in a real shop's customers (a few per thousand orders).
const FIRST_NAMES = [
  "Iris",
  "Jan",
  "Anna",
  "Lukas",
  "Emma",
  "Noah",
  "Sofia",
  "Liam",
  "Mila",
  "Daan",
  "Lea",
  "Finn",
  "Julia",
  "Sem",
  "Marie",
  "Luca",
  "Nora",
  "Milan",
  "Eva",
  "Oliver",
  "Zoë",
  "Thomas",
  "Sara",
  "Jonas",
  "Ruben",
  "Fleur",
  "Lars",
  "Ines",
  "Mats",
  "Elin",
  "Hugo",
  "Lotte",
  "Pablo",
  "Clara",
  "Tomás",
  "Greta",
  "Felix",
  "Alice",
  "Mohammed",
  "Yara",
  "Kofi",
  "Amara",
  "Hiroshi",
  "Mei",
  "Arjun",
  "Priya",
  "Sven",
  "Astrid",
  "Matteo",
  "Giulia",
];
const LAST_NAMES = [
  "Bos",
  "de Vries",
  "Schmidt",
  "Jansen",
  "Müller",
  "Peeters",
  "Dubois",
  "Smith",
  "Rossi",
  "Visser",
  "Bakker",
  "Meijer",
  "Fischer",
  "Janssens",
  "Martin",
  "Brown",
  "García",
  "Nowak",
  "Novák",
  "Andersen",
  "Nielsen",
  "Weber",
  "Moreau",
  "de Jong",
  "van Dijk",
  "Mulder",
  "de Groot",
  "Hoekstra",
  "Dekker",
  "Wagner",
  "Becker",
  "Hoffmann",
  "Schulz",
  "Lambert",
  "Claes",
  "Maes",
  "Leroy",
  "Girard",
  "Bernard",
  "Taylor",
  "Walker",
  "Evans",
  "Murphy",
  "Kelly",
  "López",
  "Sánchez",
  "Romero",
  "Ricci",
  "Marino",
  "Greco",
  "Kowalski",
  "Wiśniewski",
  "Svoboda",
  "Dvořák",
  "Lindqvist",
  "Johansson",
  "Berg",
  "Hansen",
  "Larsen",
  "Virtanen",
  "Korhonen",
  "Papadopoulos",
  "Horvat",
  "Kovács",
  "Nagy",
  "Popescu",
  "Ionescu",
  "Silva",
  "Santos",
  "Ferreira",
];
/** Where orders go, weighted toward the home market; a country the shop does not deliver to is skipped. */
const COUNTRY_WEIGHTS: Record<string, number> = {
  NL: 40,
  DE: 14,
  BE: 10,
  FR: 6,
  GB: 5,
  ES: 4,
  IT: 4,
  AT: 3,
  SE: 2,
  DK: 2,
  PL: 2,
  IE: 2,
  CH: 2,
  NO: 1,
  US: 2,
  CA: 1,
};
const POSTCODES: Record<string, string> = { NL: "1234 AB", GB: "SW1A 1AA", US: "10001", CA: "M5V 2T6", IE: "D02 X285" };

export interface SeedOrdersCounts {
  orders: number;
  lines: number;
  customers: number;
}

interface Option {
  id: number;
  productId: number;
  name: string;
  slug: string;
  categorySlug: string | null;
  sku: string;
  size: string;
  colour: string;
  price: number;
}

interface Method {
  id: string;
  name: string;
  price: number;
  freeFrom: number | null;
}

/** The status an order placed `age` days ago would have now, and whether (and how much of) it was refunded. */
function fateOf(random: Random, age: number, card: boolean): OrderStatus {
  if (age < RESERVATION_DAYS) {
    if (!card && random.chance(0.35)) return "awaiting_payment";
    if (age < 2) return random.chance(0.7) ? "paid" : "shipped";
    return random.pick(["paid", "shipped", "shipped", "delivered"] as const);
  }
  const roll = random.next();
  if (roll < (card ? 0.03 : 0.1)) return "cancelled";
  if (roll < 0.14) return "refunded";
  if (age < 14) return random.chance(0.5) ? "shipped" : "delivered";
  return "delivered";
}

export async function seedOrders(db: Db, count: number, now = new Date(), seed = 0x0de7_0001): Promise<SeedOrdersCounts> {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`The number of orders must be a whole number of 0 or more, not ${count}.`);
  if (count === 0) return { orders: 0, lines: 0, customers: 0 };
  const random = createRandom(seed ^ count);
  const options: Option[] = await db
    .select({
      id: variants.id,
      productId: products.id,
      name: products.name,
      slug: products.slug,
      categorySlug: categories.slug,
      sku: variants.sku,
      size: variants.size,
      colour: variants.colour,
      price: variants.price,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.published, true), eq(products.membersOnly, false)))
    .orderBy(variants.id)
    .limit(5000);
  if (options.length === 0) throw new Error("Seed the catalogue first: orders need options to order.");
  const rates = new Map((await db.select().from(vatRates)).map((rate) => [rate.country, rate.rateBasisPoints]));
  const zones = new Map((await db.select().from(deliveryZoneCountries)).map((row) => [row.country, row.zoneId]));
  const methods = new Map<string, Method[]>();
  for (const method of await db.select().from(deliveryMethods).where(eq(deliveryMethods.active, true))) {
    methods.set(method.zoneId, [...(methods.get(method.zoneId) ?? []), method]);
  }
  const countries = Object.entries(COUNTRY_WEIGHTS).filter(
    ([country]) => rates.has(country) && methods.has(zones.get(country) ?? ""),
  );
  if (countries.length === 0) throw new Error("Seed the checkout defaults first: orders need countries to go to.");
  const weights = countries.map(([, weight]) => weight);

  const customers = await seedCustomers(db, random, Math.max(1, Math.ceil(count / ORDERS_PER_CUSTOMER)), now);
  let lines = 0;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    lines += await db.transaction(async (tx) => {
      const ids = await queryRows<{ id: number; n: string }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id, nextval('order_numbers')::text as n from generate_series(1, ${size})`,
      );
      const batch = ids.map(({ id, n }) =>
        planOrder(random, id, `KS-${n}`, now, { options, rates, zones, methods, countries, weights, customers }),
      );
      await insertOrders(tx, batch);
      return batch.reduce((sum, order) => sum + order.lines.length, 0);
    });
  }
  return { orders: count, lines, customers: customers.length };
}

interface Customer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** Customer accounts for the orders, made with names; their user names are new (numbered after the last account). */
async function seedCustomers(db: Db, random: Random, count: number, now: Date): Promise<Customer[]> {
  const [last] = await queryRows<{ id: number | null }>(db, sql`select max(${users.id}) as id from ${users}`);
  const base = (last?.id ?? 0) + 1;
  const planned = Array.from({ length: count }, (_, i) => {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    return {
      username: `buyer${base + i}`,
      email: `buyer${base + i}@example.com`,
      firstName,
      lastName,
      createdAt: new Date(now.getTime() - random.int(0, HISTORY_DAYS) * DAY_MS - random.int(0, DAY_MS)).toISOString(),
    };
  });
  await insertByColumns(db, users, planned, [
    [users.username, (u) => u.username],
    [users.email, (u) => u.email],
    [users.firstName, (u) => u.firstName],
    [users.lastName, (u) => u.lastName],
    [users.confirmed, () => true],
    [users.createdAt, (u) => u.createdAt],
    [users.updatedAt, (u) => u.createdAt],
  ]);
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.id} >= ${base} and ${users.email} like 'buyer%@example.com'`);
  return rows.map((row) => ({ ...row, firstName: row.firstName ?? "", lastName: row.lastName ?? "" }));
}

interface PlannedOrder {
  row: Record<string, string | number | boolean | null>;
  lines: (Omit<Option, "id" | "productId" | "name" | "slug"> & {
    orderId: number;
    variantId: number;
    productId: number;
    productName: string;
    productSlug: string;
    quantity: number;
  })[];
  events: { orderId: number; status: OrderStatus; note: string; createdAt: string }[];
  payment: { orderId: number; status: string; amount: number; ref: string; createdAt: string } | null;
}

interface Plan {
  options: Option[];
  rates: Map<string, number>;
  zones: Map<string, string>;
  methods: Map<string, Method[]>;
  countries: [string, number][];
  weights: number[];
  customers: Customer[];
}

function planOrder(random: Random, id: number, number: string, now: Date, plan: Plan): PlannedOrder {
  // More orders lately: the age's distribution leans toward today.
  const age = Math.floor(HISTORY_DAYS * random.next() ** 1.6);
  const placed = new Date(now.getTime() - age * DAY_MS - random.int(0, DAY_MS - 1));
  if (placed > now) placed.setTime(now.getTime() - random.int(1, 3_600_000));
  const card = random.chance(0.6);
  const status = fateOf(random, age, card);
  const country = plan.countries[random.weighted(plan.weights)]![0];
  const customer = random.chance(0.6) ? random.pick(plan.customers) : null;
  const firstName = customer?.firstName ?? random.pick(FIRST_NAMES);
  const lastName = customer?.lastName ?? random.pick(LAST_NAMES);
  const email = customer?.email ?? `${firstName}.${lastName}.${id}@example.org`.toLowerCase().replace(/[^a-z0-9.@]/g, "");
  const lines = random.sample(plan.options, random.weighted([60, 28, 12]) + 1).map((option) => ({
    orderId: id,
    variantId: option.id,
    productId: option.productId,
    productName: option.name,
    productSlug: option.slug,
    categorySlug: option.categorySlug,
    sku: option.sku,
    size: option.size,
    colour: option.colour,
    price: option.price,
    quantity: random.weighted([80, 15, 5]) + 1,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const method = random.pick(plan.methods.get(plan.zones.get(country)!)!);
  const shipping = method.freeFrom !== null && subtotal >= method.freeFrom ? 0 : method.price;
  const total = subtotal + shipping;
  const rate = plan.rates.get(country)!;
  const tax = Math.round((total * rate) / (10_000 + rate));
  const later = (days: number) => new Date(Math.min(now.getTime(), placed.getTime() + days * DAY_MS)).toISOString();
  const events: PlannedOrder["events"] = [
    { orderId: id, status: "awaiting_payment", note: "Order placed", createdAt: placed.toISOString() },
  ];
  const paid = status !== "awaiting_payment" && !(status === "cancelled" && !card && random.chance(0.8));
  let refunded = 0;
  if (paid) events.push({ orderId: id, status: "paid", note: "Payment received", createdAt: later(card ? 0.001 : 1.5) });
  if (["shipped", "delivered", "refunded"].includes(status))
    events.push({ orderId: id, status: "shipped", note: "Sent with PostNL", createdAt: later(2.5) });
  if (status === "delivered" || status === "refunded")
    events.push({ orderId: id, status: "delivered", note: "", createdAt: later(4.5) });
  if (status === "delivered" && age > 14 && random.chance(0.03)) {
    refunded = Math.min(total, 500 * random.int(1, 4));
    events.push({ orderId: id, status: "delivered", note: `Refunded €${(refunded / 100).toFixed(2)}`, createdAt: later(9) });
  }
  if (status === "refunded") {
    refunded = total;
    events.push({ orderId: id, status: "refunded", note: `Refunded €${(total / 100).toFixed(2)}`, createdAt: later(10) });
  }
  if (status === "cancelled") {
    if (paid) refunded = total;
    events.push({
      orderId: id,
      status: "cancelled",
      note: paid ? "Cancelled by the shop" : "Not paid in time: cancelled",
      createdAt: later(paid ? 1 : RESERVATION_DAYS),
    });
  }
  const updatedAt = events.at(-1)!.createdAt;
  return {
    row: {
      id,
      number,
      userId: customer?.id ?? null,
      email,
      status,
      currency: "EUR",
      subtotal,
      shipping,
      tax,
      vatRateBasisPoints: rate,
      total,
      deliveryMethodId: method.id,
      deliveryMethodName: method.name,
      paymentMethod: card ? "stripe" : "bank-transfer",
      paymentReference: card ? null : number,
      reservedUntil: status === "awaiting_payment" ? new Date(placed.getTime() + RESERVATION_DAYS * DAY_MS).toISOString() : null,
      carrier: events.some((e) => e.status === "shipped") ? "PostNL" : null,
      trackingUrl: events.some((e) => e.status === "shipped") ? `https://track.example/${number}` : null,
      refunded,
      deliveryAddress: JSON.stringify({
        firstName,
        lastName,
        line1: `${random.pick(["Main", "Church", "Station", "Market", "Park"])} Street ${random.int(1, 200)}`,
        city: random.pick(["Capital", "Harbour Town", "Riverside", "Old Town", "Hillside"]),
        postalCode: POSTCODES[country] ?? String(random.int(10_000, 99_999)),
        country,
      }),
      createdAt: placed.toISOString(),
      updatedAt,
    },
    lines,
    events,
    payment: card
      ? {
          orderId: id,
          status: status === "awaiting_payment" ? "pending" : !paid ? "expired" : refunded === total ? "refunded" : "paid",
          amount: total,
          ref: `cs_seed_${number}`,
          createdAt: placed.toISOString(),
        }
      : null,
  };
}

type Row = PlannedOrder["row"];
const column = (key: string) => (row: Row) => row[key] ?? null;

async function insertOrders(db: Db, batch: PlannedOrder[]): Promise<void> {
  const orderColumns: ColumnSource<Row>[] = (
    [
      [orders.id, "id"],
      [orders.number, "number"],
      [orders.userId, "userId"],
      [orders.email, "email"],
      [orders.status, "status"],
      [orders.currency, "currency"],
      [orders.subtotal, "subtotal"],
      [orders.shipping, "shipping"],
      [orders.tax, "tax"],
      [orders.vatRateBasisPoints, "vatRateBasisPoints"],
      [orders.total, "total"],
      [orders.deliveryMethodId, "deliveryMethodId"],
      [orders.deliveryMethodName, "deliveryMethodName"],
      [orders.paymentMethod, "paymentMethod"],
      [orders.paymentReference, "paymentReference"],
      [orders.reservedUntil, "reservedUntil"],
      [orders.carrier, "carrier"],
      [orders.trackingUrl, "trackingUrl"],
      [orders.refunded, "refunded"],
      [orders.deliveryAddress, "deliveryAddress"],
      [orders.createdAt, "createdAt"],
      [orders.updatedAt, "updatedAt"],
    ] as const
  ).map(([col, key]) => [col, column(key)] as const);
  await insertByColumns(
    db,
    orders,
    batch.map((order) => order.row),
    orderColumns,
  );
  type Line = PlannedOrder["lines"][number];
  await insertByColumns<Line>(
    db,
    orderLines,
    batch.flatMap((order) => order.lines),
    [
      [orderLines.orderId, (l) => l.orderId],
      [orderLines.productId, (l) => l.productId],
      [orderLines.variantId, (l) => l.variantId],
      [orderLines.productName, (l) => l.productName],
      [orderLines.productSlug, (l) => l.productSlug],
      [orderLines.categorySlug, (l) => l.categorySlug],
      [orderLines.sku, (l) => l.sku],
      [orderLines.size, (l) => l.size],
      [orderLines.colour, (l) => l.colour],
      [orderLines.quantity, (l) => l.quantity],
      [orderLines.unitPrice, (l) => l.price],
    ],
  );
  type Event = PlannedOrder["events"][number];
  await insertByColumns<Event>(
    db,
    orderEvents,
    batch.flatMap((order) => order.events),
    [
      [orderEvents.orderId, (e) => e.orderId],
      [orderEvents.status, (e) => e.status],
      [orderEvents.note, (e) => e.note || null],
      [orderEvents.createdAt, (e) => e.createdAt],
    ],
  );
  type Paid = NonNullable<PlannedOrder["payment"]>;
  await insertByColumns<Paid>(
    db,
    payments,
    batch.flatMap((order) => (order.payment ? [order.payment] : [])),
    [
      [payments.orderId, (p) => p.orderId],
      [payments.provider, () => "stripe"],
      [payments.status, (p) => p.status],
      [payments.amount, (p) => p.amount],
      [payments.currency, () => "EUR"],
      [payments.providerRef, (p) => p.ref],
      [
        payments.providerPaymentRef,
        (p) => (p.status === "pending" || p.status === "expired" ? null : `pi_seed_${p.ref.slice(8)}`),
      ],
      [payments.createdAt, (p) => p.createdAt],
      [payments.updatedAt, (p) => p.createdAt],
    ],
  );
}
