import { canonicalPostalCode, countryRules, storedProvince, type CountryRules, type Province } from "./countries.ts";

/*
 * A country's address as its post writes it (Google's format, ADR 49): the parts an address form
 * shows, in the order and under the names the country uses, which of them a complete address
 * needs, and the address printed line by line.
 */

/** The parts of an address form, as Google's format names them (%N, %O, %A, %C, %S, %Z). */
export type AddressPart = "name" | "company" | "street" | "city" | "province" | "postalCode";
/** The parts whose presence, name and need differ between countries. */
export type CountryPart = "city" | "province" | "postalCode";

/** What an address form needs to show one country's address: plain data, sent to the browser as is. */
export interface AddressFormat {
  country: string;
  countryName: string;
  /** The parts the country's addresses have, one list per line of its format, in its order. */
  rows: AddressPart[][];
  /** The country's names of the parts that vary ("State", "ZIP code", "Post town"). */
  labels: Record<CountryPart, string>;
  /** The parts a complete address must have (name and street always must). */
  required: CountryPart[];
  /** The provinces to choose from; empty where the province (if any) is typed. */
  provinces: Province[];
  /** A postal code of the country, to show its shape. */
  postalCodeExample: string | null;
}

const PART_OF: Record<string, AddressPart> = {
  N: "name",
  O: "company",
  A: "street",
  C: "city",
  S: "province",
  Z: "postalCode",
};
const LETTER_OF: Record<CountryPart, string> = { city: "C", province: "S", postalCode: "Z" };

// Google's name types in the shop's (British) English, as libaddressinput names them; the noun is
// what a message says ("Enter a postcode.").
const STATE_LABELS: Record<string, string> = {
  area: "Area",
  county: "County",
  department: "Department",
  district: "District",
  do_si: "Do/Si",
  emirate: "Emirate",
  island: "Island",
  oblast: "Oblast",
  parish: "Parish",
  prefecture: "Prefecture",
  province: "Province",
  state: "State",
};
const ZIP_LABELS: Record<string, string> = { postal: "Postcode", zip: "ZIP code", eircode: "Eircode", pin: "PIN code" };
const LOCALITY_LABELS: Record<string, string> = {
  city: "Town or city",
  district: "District",
  post_town: "Post town",
  suburb: "Suburb",
};

/** The label as a message's noun: "ZIP code", "postcode", "state", "Eircode". */
export function nounOf(label: string): string {
  return /^[A-Z][a-z]/.test(label) && label !== "Eircode" ? label.toLowerCase() : label;
}

/** "a state", "an Eircode", "an emirate". */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;
}

/** The lines of a format, each a list of its parts; lines without a part the shop keeps are left out. */
function rowsOf(fmt: string): AddressPart[][] {
  return fmt
    .split("%n")
    .map((line) => [...line.matchAll(/%([A-Z])/g)].map((m) => PART_OF[m[1]!]).filter((part): part is AddressPart => !!part))
    .filter((row) => row.length > 0);
}

/** Whether the country's addresses have the part (its format names it). */
export function hasPart(rules: CountryRules, part: AddressPart): boolean {
  return rowsOf(rules.fmt).some((row) => row.includes(part));
}

/**
 * Whether a complete address of the country has the part: where Google requires it, and the
 * province wherever the format has one and Google lists them (ADR 49: a list to choose from is a
 * choice to make; Google leaves it optional for a few, such as Mexico's states).
 */
export function requiresPart(rules: CountryRules, part: CountryPart): boolean {
  if (!hasPart(rules, part)) return false;
  return rules.require.includes(LETTER_OF[part]) || (part === "province" && rules.provinces.length > 0);
}

export function labelsOf(rules: CountryRules): Record<CountryPart, string> {
  return {
    city: LOCALITY_LABELS[rules.localityNameType] ?? LOCALITY_LABELS.city!,
    province: STATE_LABELS[rules.stateNameType] ?? STATE_LABELS.province!,
    postalCode: ZIP_LABELS[rules.zipNameType] ?? ZIP_LABELS.postal!,
  };
}

/** The form's format for a country (alpha-2, any case); undefined for a code that is no country. */
export function addressFormat(country: string): AddressFormat | undefined {
  const rules = countryRules(country.trim().toUpperCase());
  if (!rules) return undefined;
  const parts: CountryPart[] = ["city", "province", "postalCode"];
  return {
    country: rules.code,
    countryName: rules.name,
    // The Latin-script order where the post has one: the shop's forms are in English.
    rows: rowsOf(rules.lfmt ?? rules.fmt),
    labels: labelsOf(rules),
    required: parts.filter((part) => requiresPart(rules, part)),
    provinces: rules.provinces.map(({ code, name }) => ({ code, name })),
    postalCodeExample: hasPart(rules, "postalCode") ? rules.postalExample : null,
  };
}

/** The fields of an address that print (a saved one or an order's copy). */
export interface PrintableAddress {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  province?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

/**
 * An address as the country's post writes it, one line per entry, the country's name last (the
 * shop sends abroad). `envelope` writes in capitals what the country's post wants in capitals
 * (a packing slip's label); pages and mails keep the letters as typed. A part the address lacks
 * is left out with the separator before it ("Chicago, IL 60601" without a state: "Chicago 60601").
 */
export function formatAddress(address: PrintableAddress, options: { envelope?: boolean } = {}): string[] {
  const rules = address.country ? countryRules(address.country) : undefined;
  const fmt = rules ? (rules.lfmt ?? rules.fmt) : DEFAULT_FORMAT;
  const province =
    rules && address.province
      ? (storedProvince(rules, address.province, address.postalCode ?? null)?.printed ?? address.province)
      : address.province;
  const upper = options.envelope && rules ? rules.upper : "";
  const cityInStreet = !fmt.includes("%C");
  const value = (letter: string): string => {
    const text = (() => {
      switch (letter) {
        case "N":
          return [address.firstName, address.lastName].filter(Boolean).join(" ");
        case "O":
          return address.company ?? "";
        case "A":
          // A city where the format has no city line (kept from before, or sent by a client) goes with the street.
          return [address.line1, address.line2, cityInStreet ? address.city : null].filter(Boolean).join("\n");
        case "C":
          return address.city ?? "";
        case "S":
          return province ?? "";
        case "Z":
          // A code stored with the prefix the format writes anyway ("SE-123 45", before ADR 49) prints it once.
          return rules && address.postalCode
            ? (canonicalPostalCode(rules, address.postalCode) ?? address.postalCode)
            : (address.postalCode ?? "");
        default:
          return "";
      }
    })();
    return upper.includes(letter) ? text.toUpperCase() : text;
  };
  const lines = fmt.split("%n").flatMap((line) => {
    let out = "";
    let literal = "";
    let seenPart = false;
    for (const piece of line.split(/(%[A-Z])/).filter((p) => p !== "")) {
      if (!/^%[A-Z]$/.test(piece)) {
        literal = piece;
        continue;
      }
      const text = value(piece[1]!);
      // The text before a part joins it to the one before ("Chicago, IL"), or starts the line ("〒", "CH-").
      if (text !== "") out += (out !== "" || !seenPart ? literal : "") + text;
      literal = "";
      seenPart = true;
    }
    return out.split("\n");
  });
  const country = address.country ? (rules?.name ?? address.country) : null;
  return [...lines, ...(country ? [options.envelope ? country.toUpperCase() : country] : [])]
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

const DEFAULT_FORMAT = "%N%n%O%n%A%n%Z %C%n%S";

/**
 * A stored address as it is shown: its province by today's code (one stored under the shop's
 * earlier dataset is found as storedProvince says, ADR 49), the names of its country and
 * province, and its printed lines. A province no list names shows as stored; one where the
 * country's format has none (a Dutch one saved before) has no name and is not printed.
 */
export function shownAddress(address: PrintableAddress): {
  province: string | null;
  countryName: string | null;
  provinceName: string | null;
  lines: string[];
} {
  const rules = address.country ? countryRules(address.country) : undefined;
  const found = rules && address.province ? storedProvince(rules, address.province, address.postalCode ?? null) : undefined;
  // A province kept where the country's addresses have none (stored before ADR 49) is not shown.
  const unused = rules !== undefined && !hasPart(rules, "province");
  return {
    province: found?.code ?? address.province ?? null,
    countryName: rules?.name ?? address.country ?? null,
    provinceName: unused ? null : (found?.name ?? address.province ?? null),
    lines: formatAddress(address),
  };
}
