import { isIPv6 } from "node:net";

export type { Visitor } from "../../lib/scope.ts";

/**
 * The key per-address limits count under. An IPv4 address is one key; an IPv6 one is keyed by its
 * /64 network, because whoever holds one (a home line usually does) can use every address in it
 * and would otherwise get a fresh limit with each.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("%")[0]!.split("::") as [string?, string?];
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = address.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) only touches the last 64 bits, which are dropped anyway.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = address.includes("::")
    ? [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
