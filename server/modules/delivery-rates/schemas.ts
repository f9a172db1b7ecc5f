import { z } from "zod";
import { DELIVERY_SPEEDS } from "../../db/schema/index.ts";
import { readAmount } from "../../lib/money.ts";
import { findCountry } from "../customers/index.ts";
import { countryCodesOf, percentToBasisPoints } from "./words.ts";

/*
 * The delivery and VAT forms (issue 25 §5, ADR 68), every field sent as text by a form without
 * JavaScript. Countries are ISO 3166-1 alpha-2 codes of the list delivery addresses are checked
 * against (customers' countries, Google's address data): a zone cannot hold a country no address
 * can be in.
 */

const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The version of a zone (its updated_at) or a VAT rate as the page read it. */
const version = z.string({ error: "The form is missing its version: reload the page." }).max(40);

export const zoneId = z.string({ error: "Which zone?" }).trim().min(1, "Which zone?").max(40);

const name = z.string({ error: "Give a name." }).trim().min(1, "Give a name.").max(60, "At most 60 characters.");

/** Country codes typed in a field, each a country delivery addresses may be in. */
const countries = () =>
  z
    .string()
    .max(2000, "Too many countries at once.")
    .transform((text, ctx) => {
      const codes = countryCodesOf(text);
      const unknown = codes.filter((code) => !/^[A-Z]{2}$/.test(code) || !findCountry(code));
      if (unknown.length > 0)
        ctx.addIssue({
          code: "custom",
          message: `Not a country code (ISO 3166-1, such as FR): ${unknown.join(", ")}.`,
        });
      return codes;
    });

/** A VAT rate typed as a percentage; absent when left empty. */
const percent = z.preprocess(
  blank,
  z
    .string()
    .transform((text, ctx) => {
      const points = percentToBasisPoints(text);
      if (points === null) {
        ctx.addIssue({ code: "custom", message: "Give the rate as a percentage from 0 to 100, such as 21 or 5.5." });
        return z.NEVER;
      }
      return points;
    })
    .optional(),
);

/** The most a delivery price or free-from amount may be, in the currency's main unit. */
const MAX_AMOUNT = 100_000;

/** An amount typed in the shop's currency, as its minor units (lib/money.ts readAmount, ADR 74). */
const amount = (what: string, currency: string) =>
  z.string({ error: `Give ${what}.` }).transform((text, ctx) => {
    const read = readAmount(text, currency, MAX_AMOUNT);
    if (!read.ok) {
      ctx.addIssue({ code: "custom", message: read.message });
      return z.NEVER;
    }
    return read.minor;
  });

const days = (what: string) =>
  z.coerce
    .number({ error: `Give the ${what} days as a whole number.` })
    .int(`Give the ${what} days as a whole number.`)
    .min(0, `Give the ${what} days from 0 to 90.`)
    .max(90, `Give the ${what} days from 0 to 90.`);

export const CreateZoneInput = z.object({
  name,
  countries: countries().refine((codes) => codes.length > 0, "Give at least one country code."),
  /** The VAT rate of the zone's countries that have none yet. */
  vatPercent: percent,
});

export const AddCountriesInput = z.object({
  zoneId,
  version,
  countries: countries().refine((codes) => codes.length > 0, "Give at least one country code."),
  vatPercent: percent,
});

export const RemoveCountryInput = z.object({
  zoneId,
  version,
  country: z.string().trim().toUpperCase().length(2, "Which country?"),
});

export const RenameZoneInput = z.object({ zoneId, version, name });

const methodFields = (currency: string) => ({
  name,
  speed: z.enum(DELIVERY_SPEEDS, { error: "Choose standard or express." }),
  price: amount("The price", currency),
  /** Free from this amount of items; empty: never free. */
  freeFrom: z.preprocess(blank, amount("The free-from amount", currency).optional()),
  minDays: days("fewest"),
  maxDays: days("most"),
  position: z.preprocess(blank, z.coerce.number({ error: "Give the order as a whole number." }).int().min(0).max(100).default(0)),
});

const daysInOrder = (input: { minDays: number; maxDays: number }, ctx: z.RefinementCtx) => {
  if (input.maxDays < input.minDays)
    ctx.addIssue({ code: "custom", message: "The most days cannot be fewer than the fewest.", path: ["maxDays"] });
};

/** A delivery method's forms; its amounts are read in the shop's `currency`. */
export function methodInputs(currency: string) {
  return {
    AddMethodInput: z.object({ zoneId, version, ...methodFields(currency) }).superRefine(daysInOrder),
    ChangeMethodInput: z
      .object({
        zoneId,
        version,
        methodId: z.string({ error: "Which method?" }).trim().min(1).max(60),
        ...methodFields(currency),
        /** A checkbox: "on" when ticked, absent when not. */
        active: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
      })
      .superRefine(daysInOrder),
  };
}
export type MethodInputs = ReturnType<typeof methodInputs>;

export const SetVatInput = z.object({
  country: z
    .string({ error: "Which country?" })
    .trim()
    .toUpperCase()
    .refine((code) => /^[A-Z]{2}$/.test(code) && findCountry(code) !== undefined, "Not a country code (ISO 3166-1, such as FR)."),
  /** The rate's version as the page read it; empty for a country without a rate yet. */
  version: z.string().max(40).default(""),
  vatPercent: percent.refine((points) => points !== undefined, "Give the rate as a percentage, such as 21."),
});
