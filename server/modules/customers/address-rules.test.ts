import { describe, expect, test } from "vitest";
import { addressFormat, formatAddress } from "./address-format.ts";
import { countryRules, storedProvince } from "./countries.ts";
import { deliveryAddressInput } from "./schemas.ts";

/*
 * The one rule of a delivery address (ADR 49, issue 22 §1): each country's fields, needs, names,
 * provinces and postal-code pattern, from Google's address data; and the address printed as the
 * country's post writes it.
 */

/** The messages of a refused address by field, or the address the rule keeps. */
function check(address: Record<string, unknown>) {
  const parsed = deliveryAddressInput.safeParse(address);
  if (parsed.success) return { ok: parsed.data };
  return { errors: Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message])) };
}

const person = { firstName: "Sam", lastName: "Keeper", line1: "Main street 1" };

/** An address of each country that its rule takes, without a province. */
const WITHOUT_PROVINCE = {
  NL: { city: "Amsterdam", postalCode: "1015 CJ" },
  DE: { city: "Berlin", postalCode: "10117" },
  FR: { city: "Paris", postalCode: "75008" },
  BE: { city: "Brussel", postalCode: "1000" },
};

/** An address of each country, a province of its list, and what its province is called. */
const WITH_PROVINCE = {
  US: { city: "Chicago", postalCode: "60601", province: "IL", label: "state" },
  CA: { city: "Toronto", postalCode: "M5V 2T6", province: "ON", label: "province" },
  AU: { city: "Sydney", postalCode: "2000", province: "NSW", label: "state" },
  IT: { city: "Roma", postalCode: "00184", province: "RM", label: "province" },
  ES: { city: "Madrid", postalCode: "28039", province: "M", label: "province" },
  BR: { city: "São Paulo", postalCode: "01310-100", province: "SP", label: "state" },
  MX: { city: "Ciudad de México", postalCode: "06700", province: "CMX", label: "state" },
  JP: { city: null, postalCode: "154-0023", province: "13", label: "prefecture" },
};

describe("countries whose addresses have no province line", () => {
  test.each(Object.entries(WITHOUT_PROVINCE))("%s: no province is asked for, and one sent is dropped", (country, fields) => {
    expect(check({ ...person, ...fields, country })).toEqual({ ok: { ...person, ...fields, country, province: null } });
    expect(check({ ...person, ...fields, country, province: "NH" }).ok?.province).toBeNull();
    expect(check({ ...person, ...fields, country, province: "not one at all" }).ok?.province).toBeNull();
    const format = addressFormat(country)!;
    expect(format.rows.flat()).not.toContain("province");
    expect(format.required).toEqual(["city", "postalCode"]);
    expect(format.labels.postalCode).toBe("Postcode");
  });
});

describe("countries whose addresses name a province of their list", () => {
  test.each(Object.entries(WITH_PROVINCE))("%s: the province is required and must be one of the list", (country, fields) => {
    const { label, ...address } = fields;
    const name = countryRules(country)!.name;
    const full = { ...person, ...address, country };
    expect(check(full).ok).toMatchObject({ country, province: address.province });
    expect(check({ ...full, province: null }).errors).toEqual({ province: `Choose a ${label} of ${name}.` });
    expect(check({ ...full, province: "ZZZ" }).errors).toEqual({ province: `This is not a ${label} of ${name}.` });
    const format = addressFormat(country)!;
    expect(format.required).toContain("province");
    expect(format.labels.province.toLowerCase()).toBe(label);
    expect(format.provinces.map((p) => p.code)).toContain(address.province);
  });

  test("a province is also known by its name or Google's key, in any case, and kept by its code", () => {
    const us = { ...person, city: "Chicago", postalCode: "60601", country: "US" };
    expect(check({ ...us, province: "illinois" }).ok?.province).toBe("IL");
    expect(check({ ...us, province: "il" }).ok?.province).toBe("IL");
    const jp = { ...person, postalCode: "154-0023", country: "JP" };
    expect(check({ ...jp, province: "Tokyo" }).ok?.province).toBe("13");
    expect(check({ ...jp, province: "東京都" }).ok?.province).toBe("13");
    const mx = { ...person, city: "Ciudad de México", postalCode: "06700", country: "MX" };
    expect(check({ ...mx, province: "ciudad de mexico" }).ok?.province).toBe("CMX");
  });

  test("the labels, order and needs of each form follow the country's format", () => {
    const us = addressFormat("US")!;
    expect(us.labels).toEqual({ city: "Town or city", province: "State", postalCode: "ZIP code" });
    expect(us.rows).toEqual([["name"], ["company"], ["street"], ["city", "province", "postalCode"]]);
    expect(addressFormat("IE")!.labels).toMatchObject({ province: "County", postalCode: "Eircode" });
    expect(addressFormat("GB")!.labels).toMatchObject({ city: "Post town", postalCode: "Postcode" });
    expect(addressFormat("IN")!.labels.postalCode).toBe("PIN code");
    // Japan's addresses have no city line (it is part of the street lines); its prefecture follows the street.
    const jp = addressFormat("JP")!;
    expect(jp.rows).toEqual([["name"], ["company"], ["street", "province"], ["postalCode"]]);
    expect(jp.labels.province).toBe("Prefecture");
    expect(jp.provinces.find((p) => p.code === "13")).toEqual({ code: "13", name: "Tokyo" });
    expect(check({ ...person, postalCode: "154-0023", country: "JP", province: "13" }).ok?.city).toBe("");
    // A city given anyway (an address saved before, a client) is kept, never lost.
    expect(check({ ...person, postalCode: "154-0023", country: "JP", province: "13", city: "Shibuya" }).ok?.city).toBe("Shibuya");
    // The Netherlands: the company first, the postcode before the town.
    expect(addressFormat("NL")!.rows).toEqual([["company"], ["name"], ["street"], ["postalCode", "city"]]);
    expect(addressFormat("XX")).toBeUndefined();
  });
});

describe("the postal code and the city", () => {
  test.each([
    ["NL", "1015 CJ", "1015", "postcode", "Netherlands"],
    ["US", "60601-1234", "6060", "ZIP code", "United States"],
    ["GB", "EC1Y 8SY", "EC1Y 8S", "postcode", "United Kingdom"],
    ["CA", "M5V 2T6", "12345", "postcode", "Canada"],
    ["JP", "1540023", "154-00", "postcode", "Japan"],
    ["IE", "A65 F4E2", "A65", "Eircode", "Ireland"],
  ])("%s takes %s, not %s", (country, good, bad, noun, name) => {
    const rules = countryRules(country)!;
    expect(rules.postalPattern?.test(good)).toBe(true);
    const province = addressFormat(country)!.provinces[0]?.code ?? null;
    const address = { ...person, city: "Town", province, country };
    expect(check({ ...address, postalCode: good }).ok).toBeDefined();
    expect(check({ ...address, postalCode: bad }).errors).toEqual({
      postalCode: `This is not a valid ${noun} for ${name}: e.g. ${rules.postalExample}.`,
    });
  });

  test.each([
    // A country prefix the post writes before the code (Google's postprefix), or the ISO code, is taken off: the format writes it.
    ["SE", "SE-123 45", "123 45"],
    ["SE", "se-12345", "12345"],
    ["FI", "FI-00100", "00100"],
    ["LT", "LT-12345", "12345"],
    ["LU", "L-1234", "1234"],
    ["HR", "HR-10000", "10000"],
    ["SI", "SI-1000", "1000"],
    ["DE", "DE-10115", "10115"],
    // Where the prefix is part of Google's pattern, it is put on.
    ["LV", "1050", "LV-1050"],
    ["LV", "LV 1050", "LV-1050"],
    ["LV", "LV-1050", "LV-1050"],
  ])("%s: %s is stored as %s", (country, given, stored) => {
    expect(check({ ...person, city: "Town", postalCode: given, country }).ok?.postalCode).toBe(stored);
  });

  test("a prefixed code prints its prefix once; a London postcode starting with SE is no Swedish prefix", () => {
    expect(formatAddress({ ...person, city: "Stockholm", postalCode: "SE-123 45", country: "SE" })).toContain(
      "SE-123 45 Stockholm",
    );
    expect(check({ ...person, city: "London", postalCode: "SE1 7PB", country: "GB" }).ok?.postalCode).toBe("SE1 7PB");
    // A prefix is put on only where Google's pattern has it: "1 1AA" is no British postcode "GB1 1AA".
    expect(check({ ...person, city: "London", postalCode: "1 1AA", country: "GB" }).errors).toHaveProperty("postalCode");
  });

  test("Portugal's 4-digit code is incomplete: refused, with the shape wanted", () => {
    expect(countryRules("PT")!.postalExample).toMatch(/^\d{4}-\d{3}$/);
    expect(check({ ...person, city: "Lisboa", postalCode: "1000", country: "PT" }).errors).toEqual({
      postalCode: `This is not a valid postcode for Portugal: e.g. ${countryRules("PT")!.postalExample}.`,
    });
    expect(check({ ...person, city: "Lisboa", postalCode: "1000-001", country: "PT" }).ok?.postalCode).toBe("1000-001");
    expect(addressFormat("PT")!.postalCodeExample).toBe(countryRules("PT")!.postalExample);
  });

  test("a missing postal code or city is asked for in the country's words; Ireland's Eircode is optional", () => {
    expect(check({ ...person, city: "Chicago", province: "IL", country: "US" }).errors).toEqual({
      postalCode: "Enter a ZIP code.",
    });
    expect(check({ ...person, postalCode: "EC1Y 8SY", country: "GB" }).errors).toEqual({ city: "Enter a post town." });
    expect(check({ ...person, city: "Amsterdam", country: "NL" }).errors).toEqual({ postalCode: "Enter a postcode." });
    expect(check({ ...person, city: "Cork", province: "C", country: "IE" }).ok).toMatchObject({
      postalCode: null,
      province: "C",
    });
  });

  test("a postal code where the country's addresses have none is dropped (Hong Kong)", () => {
    expect(
      check({ ...person, city: "Central", province: "Hong Kong Island", postalCode: "999077", country: "HK" }).ok,
    ).toMatchObject({ postalCode: null, province: "Hong Kong Island" });
  });
});

describe("addresses saved before (country-region-data's codes)", () => {
  test("the main countries' codes are today's: the same code finds the same province", () => {
    const same: [string, string, string][] = [
      ["US", "CA", "California"],
      ["CA", "QC", "Quebec"],
      ["AU", "VIC", "Victoria"],
      ["BR", "RJ", "Rio de Janeiro"],
      ["MX", "JAL", "Jalisco"],
      ["JP", "27", "Osaka"],
      ["ES", "B", "Barcelona"],
    ];
    for (const [country, code, name] of same) {
      expect(storedProvince(countryRules(country)!, code, null)).toMatchObject({ code, name });
    }
  });

  test("Italy's stored regions and Spain's stored communities become the province the postal code says", () => {
    // country-region-data listed Italy's regions (62 Lazio); its post writes the province (RM Rome).
    expect(storedProvince(countryRules("IT")!, "62", "00184")?.code).toBe("RM");
    expect(storedProvince(countryRules("IT")!, "25", "20121")?.code).toBe("MI");
    expect(storedProvince(countryRules("ES")!, "AN", "41001")?.code).toBe("SE");
    expect(storedProvince(countryRules("ES")!, "CN", "35001")?.code).toBe("GC");
    expect(storedProvince(countryRules("IT")!, "62", null)).toBeUndefined();
  });

  test("old codes that differ from Google's are found by the table made by name (old-province-codes.ts)", () => {
    expect(storedProvince(countryRules("IE")!, "CO", null)).toMatchObject({ code: "C", name: "Co. Cork" });
    expect(storedProvince(countryRules("CN")!, "BJ", null)).toMatchObject({ code: "11", name: "Beijing Shi" });
    expect(storedProvince(countryRules("CN")!, "GD", "510000")?.code).toBe("44");
    expect(storedProvince(countryRules("BS")!, "16", null)?.name).toBe("New Providence");
    expect(storedProvince(countryRules("PH")!, "PH-00", "1000")?.name).toBe("Metro Manila");
    // Today's codes still mean today's provinces.
    expect(storedProvince(countryRules("IE")!, "C", null)?.code).toBe("C");
  });
});

describe("formatAddress: the address as the country's post writes it", () => {
  const sam = { firstName: "Sam", lastName: "Keeper", company: null, line1: "Keizersgracht 1", line2: null };

  test("the Netherlands, the United States, Japan (Latin order), the United Kingdom, Italy", () => {
    expect(
      formatAddress({ ...sam, company: "Keepers", city: "Amsterdam", province: null, postalCode: "1015 CJ", country: "NL" }),
    ).toEqual(["Keepers", "Sam Keeper", "Keizersgracht 1", "1015 CJ Amsterdam", "Netherlands"]);
    expect(
      formatAddress({
        ...sam,
        line1: "1 Main Street",
        line2: "Suite 4",
        city: "Chicago",
        province: "IL",
        postalCode: "60601",
        country: "US",
      }),
    ).toEqual(["Sam Keeper", "1 Main Street", "Suite 4", "Chicago, IL 60601", "United States"]);
    expect(
      formatAddress({ ...sam, line1: "1-2-3 Shibuya", city: "", province: "13", postalCode: "154-0023", country: "JP" }),
    ).toEqual(["Sam Keeper", "1-2-3 Shibuya, Tokyo", "154-0023", "Japan"]);
    // A Japanese address saved with a city (before ADR 49): the city goes with the street lines.
    expect(
      formatAddress({ ...sam, line1: "1-2-3 Jinnan", city: "Shibuya", province: "13", postalCode: "150-0041", country: "JP" }),
    ).toEqual(["Sam Keeper", "1-2-3 Jinnan", "Shibuya, Tokyo", "150-0041", "Japan"]);
    expect(
      formatAddress({ ...sam, line1: "1 High Street", city: "London", province: null, postalCode: "EC1Y 8SY", country: "GB" }),
    ).toEqual(["Sam Keeper", "1 High Street", "London", "EC1Y 8SY", "United Kingdom"]);
    // An Italian address saved with its region prints its province.
    expect(
      formatAddress({ ...sam, line1: "Via Roma 1", city: "Roma", province: "62", postalCode: "00184", country: "IT" }),
    ).toEqual(["Sam Keeper", "Via Roma 1", "00184 Roma RM", "Italy"]);
  });

  test("a missing part takes its separator with it; an envelope is in the post's capitals", () => {
    expect(formatAddress({ ...sam, city: "Chicago", province: null, postalCode: "60601", country: "US" })).toEqual([
      "Sam Keeper",
      "Keizersgracht 1",
      "Chicago 60601",
      "United States",
    ]);
    expect(
      formatAddress(
        { ...sam, line1: "1 High Street", city: "London", province: null, postalCode: "ec1y 8sy", country: "GB" },
        { envelope: true },
      ),
    ).toEqual(["Sam Keeper", "1 High Street", "LONDON", "EC1Y 8SY", "UNITED KINGDOM"]);
  });
});
