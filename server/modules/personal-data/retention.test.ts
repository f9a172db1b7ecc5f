import { expect, test } from "vitest";
import { keptSnapshot, retainedUntil } from "./retention.ts";

/* What an erased buyer's orders keep (ADR 61): the invoice's name and address while the books must keep it. */

const address = JSON.stringify({
  firstName: "Iris",
  lastName: "Bos",
  company: "Keepers BV",
  line1: "Dorpsstraat 2",
  city: "Utrecht",
  postalCode: "3511 AA",
  country: "NL",
  phone: "+31 6 1234 5678",
});
const account = { firstName: "Iris", lastName: "Bos" };
const now = new Date("2031-06-01T00:00:00Z");

test("the books keep a sale until 1 January after its year plus seven years", () => {
  expect(retainedUntil(new Date("2024-03-05T10:00:00Z")).toISOString()).toBe("2032-01-01T00:00:00.000Z");
  expect(retainedUntil(new Date("2024-12-31T23:59:59Z")).toISOString()).toBe("2032-01-01T00:00:00.000Z");
});

test("a paid order within retention keeps the buyer's name, company and postal address; not the phone", () => {
  const kept = keptSnapshot(
    { createdAt: new Date("2025-01-10T00:00:00Z"), wasPaid: true, deliveryAddress: address },
    account,
    now,
  );
  expect(JSON.parse(kept!)).toEqual({
    firstName: "Iris",
    lastName: "Bos",
    company: "Keepers BV",
    line1: "Dorpsstraat 2",
    city: "Utrecht",
    postalCode: "3511 AA",
    country: "NL",
  });
});

test("past retention, or never paid, an order keeps its country alone", () => {
  const old = { createdAt: new Date("2023-12-31T00:00:00Z"), wasPaid: true, deliveryAddress: address };
  expect(keptSnapshot(old, account, new Date("2031-01-01T00:00:00Z"))).toBe('{"country":"NL"}');
  const unpaid = { createdAt: new Date("2031-05-01T00:00:00Z"), wasPaid: false, deliveryAddress: address };
  expect(keptSnapshot(unpaid, account, now)).toBe('{"country":"NL"}');
  expect(keptSnapshot({ ...unpaid, deliveryAddress: "not json" }, account, now)).toBeNull();
});

test("a paid order of a membership alone keeps the account holder's name its invoice showed; nothing past retention", () => {
  const membership = { createdAt: new Date("2030-02-01T00:00:00Z"), wasPaid: true, deliveryAddress: null };
  expect(keptSnapshot(membership, account, now)).toBe('{"firstName":"Iris","lastName":"Bos"}');
  expect(keptSnapshot(membership, { firstName: null, lastName: null }, now)).toBeNull();
  expect(keptSnapshot(membership, account, new Date("2039-01-01T00:00:00Z"))).toBeNull();
});
