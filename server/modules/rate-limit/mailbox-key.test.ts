import { expect, test } from "vitest";
import { mailboxKey } from "./mailbox-key.ts";

test("spellings of one mailbox count as one: case, a +tag on any domain, Gmail's dots and googlemail.com", () => {
  for (const spelling of [
    "victim@gmail.com",
    "Victim@Gmail.com",
    " victim@gmail.com ",
    "victim+1@gmail.com",
    "v.ictim@gmail.com",
    "v.i.c.t.i.m+shop+2@googlemail.com",
    "VICTIM+x@GOOGLEMAIL.COM",
  ]) {
    expect(mailboxKey(spelling), spelling).toBe("victim@gmail.com");
  }
  expect(mailboxKey("ann+shop@example.com")).toBe("ann@example.com");
  expect(mailboxKey("Ann.Lee+news@Example.com")).toBe("ann.lee@example.com");
});

test("what only looks alike stays apart: dots elsewhere than Gmail, other domains, a local part that is only a tag", () => {
  expect(mailboxKey("a.nn@example.com")).not.toBe(mailboxKey("ann@example.com"));
  expect(mailboxKey("victim@gmail.co")).toBe("victim@gmail.co");
  expect(mailboxKey("victim@mail.gmail.com")).toBe("victim@mail.gmail.com");
  expect(mailboxKey("+tag@example.com")).toBe("+tag@example.com");
  expect(mailboxKey("...@gmail.com")).toBe("...@gmail.com");
  expect(mailboxKey("not an address")).toBe("not an address");
});
