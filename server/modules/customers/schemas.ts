import { z } from "zod";
import { COMMUNICATION_CHANNELS, COMMUNICATION_TOPICS } from "../../db/schema/communication-preferences.ts";
import { hasPart, labelsOf, nounOf, requiresPart, withArticle } from "./address-format.ts";
import { canonicalPostalCode, countryRules, findProvince } from "./countries.ts";

/*
 * One schema per input of the account area; pages, the customers API (/customers) and GraphQL all
 * parse with these. Values arrive as JSON (API) or as form strings (pages): text is trimmed, and a
 * blank optional field is cleared (null). A value of the wrong type (a number, list or object
 * where text belongs) fails with the field named, never coerced.
 */

/** How many delivery addresses one customer may keep: enough for home, work and family. */
export const MAX_ADDRESSES = 20;
/** The most orders one request lists. */
export const MAX_ORDERS_PAGE = 100;
/** The most consent changes one request lists. */
export const MAX_LOG_PAGE = 100;

const NAME_MAX = 80;
const LINE_MAX = 120;
const POSTAL_CODE_MAX = 20;
/** A province typed where the country has no list (a few do): its name. */
const PROVINCE_MAX = 60;

/** Line breaks and other control characters have no place on a label or in a greeting. */
const singleLine = (text: string) => !/\p{Cc}/u.test(text);

const requiredText = (max: number, empty: string, tooLong: string) =>
  z.string({ error: empty }).trim().min(1, empty).max(max, tooLong).refine(singleLine, "Use a single line of text.");

/** Optional text: blank or null clears it. */
const optionalText = (max: number, tooLong: string, wrongType: string) =>
  z
    .string({ error: wrongType })
    .trim()
    .max(max, tooLong)
    .refine(singleLine, "Use a single line of text.")
    .transform((text) => (text === "" ? null : text))
    .nullable();

const PHONE_MESSAGE = "Enter a phone number of 6 to 20 digits; you may use spaces, +, - and brackets.";

/** E.164-ish: an optional leading +, then digits with spaces, dashes and brackets for reading. */
const phoneField = optionalText(40, PHONE_MESSAGE, PHONE_MESSAGE)
  .transform((phone) => phone?.replace(/\s+/g, " ") ?? null)
  .refine((phone) => {
    if (phone === null) return true;
    const digits = phone.replace(/\D/g, "").length;
    return /^\+?[\d\s()-]+$/.test(phone) && digits >= 6 && digits <= 20;
  }, PHONE_MESSAGE);

const personName = (label: string) =>
  optionalText(NAME_MAX, `Use at most ${NAME_MAX} characters for the ${label}.`, `Enter a ${label}.`);

/**
 * Booleans arrive as JSON booleans (API) or as form values (a checkbox's "on", a select's
 * "true"/"false"); anything else is an error.
 */
export const formBoolean = (message: string) =>
  z.preprocess(
    (value) => {
      if (value === "true" || value === "on") return true;
      if (value === "false" || value === "off") return false;
      return value;
    },
    z.boolean({ error: message }),
  );

/** A positive whole number from JSON or from a form or URL string. */
const wholeNumber = (message: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );

/** An address or order id; anything else names no record (callers answer "not found"). */
export const recordId = wholeNumber("Not an id.", 2_147_483_647);

/** Personal details (the account module changes e-mail and password). Only the fields given change. */
export const profileInput = z.object({
  firstName: personName("first name").optional(),
  lastName: personName("last name").optional(),
  phone: phoneField.optional(),
});

/** The fields of a delivery address, each checked on its own. */
const addressFields = z.object({
  firstName: requiredText(NAME_MAX, "Enter a first name.", `Use at most ${NAME_MAX} characters for the first name.`),
  lastName: requiredText(NAME_MAX, "Enter a last name.", `Use at most ${NAME_MAX} characters for the last name.`),
  company: optionalText(100, "Use at most 100 characters for the company.", "Enter a company name.").optional(),
  line1: requiredText(LINE_MAX, "Enter the street and house number.", `Use at most ${LINE_MAX} characters for the address line.`),
  line2: optionalText(LINE_MAX, `Use at most ${LINE_MAX} characters for the address line.`, "Enter an address line.").optional(),
  // Whether the city, province and postal code are needed, and what they are called, is the
  // country's (withCountryRules): each is checked here only for its length and type.
  city: optionalText(NAME_MAX, `Use at most ${NAME_MAX} characters for the town or city.`, "Enter a town or city.").optional(),
  province: optionalText(
    PROVINCE_MAX,
    "Choose a province or state from the list.",
    "Choose a province or state from the list.",
  ).optional(),
  postalCode: optionalText(
    POSTAL_CODE_MAX,
    `Use at most ${POSTAL_CODE_MAX} characters for the postal code.`,
    "Enter a postal code.",
  )
    .transform((code) => code?.replace(/\s+/g, " ").toUpperCase() ?? null)
    .optional(),
  country: z
    .string({ error: "Choose a country." })
    .trim()
    .toUpperCase()
    .refine((code) => countryRules(code) !== undefined, "Choose a country from the list."),
  phone: phoneField.optional(),
});

type AddressFields = z.output<typeof addressFields>;

/**
 * The country's rules (Google's address data, ADR 49), the one rule of every address form: the
 * city, province and postal code are asked for where the country's format has them, needed where
 * it needs them, and named as it names them; the province is one of the country's list where
 * Google lists them (by code or name); the postal code fits the country's pattern (with or
 * without a country prefix, stored as canonicalPostalCode says). A part the
 * country's format lacks is dropped (dropPartsWhereNone), so a form switched from the United
 * States to the Netherlands needs no clearing.
 */
function withCountryRules<T extends AddressFields>(address: T, ctx: z.RefinementCtx<T>) {
  const rules = countryRules(address.country);
  // An unknown country is its own field's error; zod runs this check even so.
  if (!rules) return;
  const labels = labelsOf(rules);
  if (hasPart(rules, "city") && requiresPart(rules, "city") && !address.city) {
    ctx.addIssue({ code: "custom", path: ["city"], message: `Enter ${withArticle(nounOf(labels.city))}.` });
  }
  if (hasPart(rules, "province")) {
    const noun = nounOf(labels.province);
    if (!address.province) {
      if (requiresPart(rules, "province")) {
        const verb = rules.provinces.length > 0 ? "Choose" : "Enter";
        ctx.addIssue({ code: "custom", path: ["province"], message: `${verb} ${withArticle(noun)} of ${rules.name}.` });
      }
    } else if (rules.provinces.length > 0 && !findProvince(rules, address.province)) {
      ctx.addIssue({ code: "custom", path: ["province"], message: `This is not ${withArticle(noun)} of ${rules.name}.` });
    }
  }
  if (hasPart(rules, "postalCode")) {
    const noun = nounOf(labels.postalCode);
    if (!address.postalCode) {
      if (requiresPart(rules, "postalCode")) {
        ctx.addIssue({ code: "custom", path: ["postalCode"], message: `Enter ${withArticle(noun)}.` });
      }
    } else if (canonicalPostalCode(rules, address.postalCode) === null) {
      // The example shows the shape wanted: Portugal's "1000" is a code without its last 3 digits.
      const example = rules.postalExample ? `: e.g. ${rules.postalExample}` : "";
      ctx.addIssue({
        code: "custom",
        path: ["postalCode"],
        message: `This is not a valid ${noun} for ${rules.name}${example}.`,
      });
    }
  }
}

/**
 * The address as stored: the province by its code (a name given becomes the code), and a province
 * or postal code the country's format lacks cleared. A city is kept even where the format has no
 * city line (Japan's is in the street lines; the form does not ask): an address saved before, or
 * sent by a client, loses nothing, and formatAddress prints it with the street. The column needs
 * text, so no city is "".
 */
const dropPartsWhereNone = <T extends AddressFields>(address: T): Omit<T, "city"> & { city: string } => {
  const rules = countryRules(address.country)!;
  const province =
    !hasPart(rules, "province") || !address.province
      ? null
      : rules.provinces.length > 0
        ? findProvince(rules, address.province)!.code
        : address.province;
  return {
    ...address,
    city: address.city ?? "",
    province,
    // The canonical form: a country prefix off where the post writes it before ("SE-"), on where it is part of the code ("LV-").
    postalCode: hasPart(rules, "postalCode") && address.postalCode ? canonicalPostalCode(rules, address.postalCode) : null,
  };
};

const isDefaultField = formBoolean("Say whether this is the default address (true or false).").optional();

/** A new delivery address; `isDefault` makes it the default at once (the first one always is). */
export const addressInput = addressFields
  .extend({ isDefault: isDefaultField })
  .superRefine(withCountryRules)
  .transform(dropPartsWhereNone);

/** A delivery address given at checkout: the same fields and rules as the account area's. */
export const deliveryAddressInput = addressFields.superRefine(withCountryRules).transform(dropPartsWhereNone);
export type DeliveryAddress = z.output<typeof deliveryAddressInput>;

/**
 * Changes to an address: the fields given, each checked alone; the address they make with the
 * stored fields must then pass addressInput.
 */
export const addressUpdateInput = addressFields.partial().extend({ isDefault: isDefaultField });

const preferenceChange = z.object({
  topic: z.enum(COMMUNICATION_TOPICS, { error: `Choose a topic: ${COMMUNICATION_TOPICS.join(", ")}.` }),
  channel: z.enum(COMMUNICATION_CHANNELS, { error: `Choose a channel: ${COMMUNICATION_CHANNELS.join(", ")}.` }),
  optedIn: formBoolean("Say whether you opt in (true or false)."),
});

/** Opt-ins and opt-outs: a list of topic, channel and choice, each pair at most once. */
export const preferencesInput = z
  .array(preferenceChange, { error: "Send a list of preferences." })
  .max(COMMUNICATION_TOPICS.length * COMMUNICATION_CHANNELS.length, "Each topic and channel can be listed only once.")
  .superRefine((changes, ctx) => {
    const seen = new Set<string>();
    changes.forEach((change, index) => {
      const key = `${change.topic}/${change.channel}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index], message: `${key} is listed twice.` });
      seen.add(key);
    });
  });

/** The order history: the newest `first` orders. */
export const orderListInput = z.object({
  first: wholeNumber(`Ask for 1 to ${MAX_ORDERS_PAGE} orders.`, MAX_ORDERS_PAGE).default(20),
  /** Which page of `first` orders, newest first. */
  page: wholeNumber("Ask for a page from 1 to 100000.", 100_000).default(1),
});

/** The consent record: the newest `limit` changes. */
export const preferenceLogInput = z.object({
  limit: wholeNumber(`Ask for 1 to ${MAX_LOG_PAGE} changes.`, MAX_LOG_PAGE).default(20),
});

export type ProfileInput = z.input<typeof profileInput>;
export type AddressInput = z.input<typeof addressInput>;
export type AddressUpdateInput = z.input<typeof addressUpdateInput>;
export type PreferencesInput = z.input<typeof preferencesInput>;
