import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * Passwords too common to allow (ASVS 2.1.7 asks for at least the top 3,000 breached ones).
 * The list is zxcvbn-ts's ranked dictionary of about 49,000 passwords seen in breaches, a
 * maintained npm package, plus a few this shop's visitors would reach for, compared lower-cased.
 */
const SHOP_WORDS = ["goalkeeper", "goalkeeper1", "keeper123", "safehands", "safehands1", "p@ssword", "adminadmin"];

let list: ReadonlySet<string> | undefined;

/** Built on first use: the dictionary is large and most processes never check a new password. */
export function isCommonPassword(lowered: string): boolean {
  list ??= new Set([...dictionary.passwords, ...SHOP_WORDS].map((p) => p.toLowerCase()));
  return list.has(lowered);
}
