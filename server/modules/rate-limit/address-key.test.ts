import { expect, test } from "vitest";
import { addressKey } from "./address-key.ts";

test("IPv4 addresses are their own key; IPv6 ones are keyed by their /64 network", () => {
  expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
  expect(addressKey("2001:db8:85a3:0042:1000:8a2e:370:7334")).toBe("2001:db8:85a3:42::/64");
  expect(addressKey("2001:db8:85a3:42:ffff::1")).toBe("2001:db8:85a3:42::/64");
  expect(addressKey("2001:DB8::1")).toBe("2001:db8:0:0::/64");
  expect(addressKey("::1")).toBe("0:0:0:0::/64");
  expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  expect(addressKey("unknown")).toBe("unknown");
});
