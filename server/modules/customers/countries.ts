import { allCountries } from "country-region-data";
import { postcodeValidator, postcodeValidatorExistsForCountry } from "postcode-validator";

/** A province, state or region a delivery address may name (the dataset's code and name). */
export interface Province {
  code: string;
  name: string;
}

/** A country a delivery address may be in: ISO 3166-1 alpha-2 code, name, and its provinces. */
export interface Country {
  code: string;
  name: string;
  /** Empty when the country has none to choose from: the address form shows no province select. */
  provinces: Province[];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");

let cache: { list: Country[]; byCode: Map<string, Country> } | undefined;

/**
 * The country-region-data package, tidied for a form. Its regions are kept only when they carry a
 * code (some list the string "undefined" instead), codes are kept once, and a country whose only
 * region is itself (Aruba, Hong Kong) has none to choose from. The dataset is static, so this is
 * built once per process.
 */
function dataset() {
  if (cache) return cache;
  const list = allCountries
    .map(([name, code, regions]): Country => {
      const coded = regions.filter(([, regionCode]) => regionCode && regionCode !== "undefined");
      const byCode = new Map(coded.map(([regionName, regionCode]) => [regionCode, regionName]));
      const provinces = [...byCode].map(([provinceCode, provinceName]) => ({ code: provinceCode, name: provinceName }));
      return { code, name, provinces: provinces.length > 1 ? provinces.sort(byName) : [] };
    })
    .sort(byName);
  cache = { list, byCode: new Map(list.map((country) => [country.code, country])) };
  return cache;
}

/** Every country, by name, with its provinces by name: for the address form's selects. */
export function countries(): Country[] {
  return dataset().list;
}

export function findCountry(code: string): Country | undefined {
  return dataset().byCode.get(code);
}

/** The names of an address's country and province, for showing it; the code when a country is unknown. */
export function placeNames(country: string, province: string | null): { countryName: string; provinceName: string | null } {
  const found = findCountry(country);
  return {
    countryName: found?.name ?? country,
    provinceName: (province !== null && found?.provinces.find((p) => p.code === province)?.name) || null,
  };
}

/** The provinces of a country (by its alpha-2 code, any case); none for an unknown country. */
export function provincesOf(country: string): Province[] {
  return findCountry(country.trim().toUpperCase())?.provinces ?? [];
}

/**
 * What postcode-validator says about a postal code (blank included: some countries' rules allow
 * none) in a country: "unknown" when it has no rule for the country, so any text is taken.
 */
export function postalCodeVerdict(country: string, postalCode: string): "valid" | "invalid" | "unknown" {
  if (!postcodeValidatorExistsForCountry(country)) return "unknown";
  return postcodeValidator(postalCode, country) ? "valid" : "invalid";
}
