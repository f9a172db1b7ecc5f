import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { queryRows, type Database } from "../../db/client.ts";
import { membershipPlans, memberships, users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { createMembership } from "./index.ts";

/*
 * The membership programme's own use cases (issue 12 §3): joining the free plan, one membership
 * at a time, leaving or cancelling the renewal, the reminder 14 days before the end (once), and
 * the end taking the membership away.
 */

let database: Database;
let membership: ReturnType<typeof createMembership>;
let people = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(membershipPlans).values([
    { slug: "club", name: "Club", price: 0, months: null, benefits: ["Exclusives"], position: 0 },
    { slug: "pro", name: "Pro", price: 4900, months: 12, benefits: ["Member prices"], position: 1 },
    { slug: "hidden", name: "Hidden", price: 0, months: null, publishedAt: null, position: 2 },
  ]);
  membership = createMembership(database.db, { siteName: "Safe Hands", membershipLink: "http://shop.test/membership", currency: "EUR" });
});

afterAll(async () => {
  await database?.close();
});

const scope = () => systemScope(database.db);

async function person(): Promise<number> {
  const n = ++people;
  const [row] = await database.db
    .insert(users)
    .values({ username: `member${n}`, email: `member${n}@example.com`, firstName: `Sam${n}` })
    .returning({ id: users.id });
  return row!.id;
}

async function planId(slug: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(database.db, sql`select id from membership_plans where slug = ${slug}`);
  return row!.id;
}

/** A paid membership as checkout will make it: from `start`, for `days`. */
async function paidMembership(userId: number, startDaysAgo: number, days: number, renews = true) {
  await database.db.insert(memberships).values({
    userId,
    planId: await planId("pro"),
    startsAt: new Date(Date.now() - startDaysAgo * 86_400_000),
    endsAt: new Date(Date.now() + (days - startDaysAgo) * 86_400_000),
    renews,
  });
}

describe("joining the free plan", () => {
  test("makes the customer a member at once, with no end, and shows in their status", async () => {
    const id = await person();
    expect(await membership.isMember(id)).toBe(false);
    await membership.joinFree(scope(), id, { plan: "club" });
    expect(await membership.isMember(id)).toBe(true);
    expect(await membership.status(id)).toMatchObject({
      plan: { slug: "club", name: "Club", price: 0 },
      until: null,
      renews: true,
    });
  });

  test("one membership at a time: a second join is refused, of any plan", async () => {
    const id = await person();
    await membership.joinFree(scope(), id, { plan: "club" });
    await expect(membership.joinFree(scope(), id, { plan: "club" })).rejects.toMatchObject({ code: "ALREADY_MEMBER" });
    const other = await person();
    await paidMembership(other, 1, 365);
    await expect(membership.joinFree(scope(), other, { plan: "club" })).rejects.toMatchObject({ code: "ALREADY_MEMBER" });
  });

  test("two joins at once make one membership", async () => {
    const id = await person();
    const results = await Promise.allSettled([
      membership.joinFree(scope(), id, { plan: "club" }),
      membership.joinFree(scope(), id, { plan: "club" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [count] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from memberships where user_id = ${id}`,
    );
    expect(count!.n).toBe(1);
  });

  test("a paid plan, an unpublished plan or an unknown one cannot be joined for free", async () => {
    const id = await person();
    for (const plan of ["pro", "hidden", "nope"]) {
      await expect(membership.joinFree(scope(), id, { plan })).rejects.toMatchObject({ code: "PLAN_NOT_FOUND" });
    }
    await expect(membership.joinFree(scope(), id, {})).rejects.toMatchObject({ code: "INVALID_INPUT" });
    expect(await membership.isMember(id)).toBe(false);
  });
});

describe("leaving", () => {
  test("the free plan ends now; joining again starts a new membership", async () => {
    const id = await person();
    await membership.joinFree(scope(), id, { plan: "club" });
    expect(await membership.stop(scope(), id)).toEqual({ ended: "now" });
    expect(await membership.isMember(id)).toBe(false);
    await membership.joinFree(scope(), id, { plan: "club" });
    expect(await membership.isMember(id)).toBe(true);
  });

  test("a paid membership keeps its benefits to its end, without renewal; resuming takes that back", async () => {
    const id = await person();
    await paidMembership(id, 10, 365);
    const stopped = await membership.stop(scope(), id);
    expect(stopped).toMatchObject({ ended: "at-end" });
    expect(await membership.isMember(id)).toBe(true);
    expect(await membership.status(id)).toMatchObject({ renews: false });
    await membership.resume(scope(), id);
    expect(await membership.status(id)).toMatchObject({ renews: true });
  });

  test("someone who is not a member has nothing to stop or resume", async () => {
    const id = await person();
    await expect(membership.stop(scope(), id)).rejects.toMatchObject({ code: "NOT_A_MEMBER" });
    await expect(membership.resume(scope(), id)).rejects.toMatchObject({ code: "NOT_A_MEMBER" });
  });
});

describe("the end of a paid membership", () => {
  test("takes the benefits away when it comes", async () => {
    const id = await person();
    await paidMembership(id, 366, 365);
    expect(await membership.isMember(id)).toBe(false);
    expect(await membership.status(id)).toBeNull();
  });

  test("is announced once, 14 days before, to the members whose end is near", async () => {
    const soon = await person();
    const later = await person();
    const cancelled = await person();
    await paidMembership(soon, 355, 365);
    await paidMembership(later, 300, 365);
    await paidMembership(cancelled, 360, 365, false);
    const queued = async (at: Date) => {
      const before = await mailCount();
      await membership.remind(at);
      return (await mailCount()) - before;
    };
    expect(await queued(new Date())).toBe(2);
    expect(await queued(new Date())).toBe(0);
    const mails = await queryRows<{ to: string; subject: string; text: string }>(
      database.db,
      sql`select "to", subject, text from mail_jobs order by id`,
    );
    const to = async (id: number) =>
      (await queryRows<{ email: string }>(database.db, sql`select email from users where id = ${id}`))[0]!.email;
    expect(mails.map((m) => m.to).sort()).toEqual([await to(soon), await to(cancelled)].sort());
    const soonMail = mails.find((m) => m.text.includes("Renew it before then"))!;
    expect(soonMail.to).toBe(await to(soon));
    expect(soonMail.subject).toMatch(/^Your Pro membership ends on \d{1,2} \w+ \d{4}$/);
    expect(soonMail.text).toContain("http://shop.test/membership");
    expect(mails.find((m) => m.text.includes("You cancelled its renewal"))!.to).toBe(await to(cancelled));
    // Time moves on: 60 days later the other membership is near its end too, and only it is reminded.
    expect(await queued(new Date(Date.now() + 60 * 86_400_000))).toBe(1);
  });
});

async function mailCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from mail_jobs`);
  return row!.n;
}
