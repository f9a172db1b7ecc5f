import { z } from "zod";
import { BIC_PATTERN, compactIban, ibanValid } from "./iban.ts";
import type { ShopSettings } from "./settings.ts";

export { SETTING_KEYS, type SettingKey, type ShopSettings } from "./settings.ts";

/*
 * The shop's settings an owner changes in the back office (issue 25 §5, ADR 68): who sells (the
 * invoices' seller lines), the bank account shoppers pay transfers into, how long an unpaid
 * transfer keeps its stock, and at how many items an option counts as low on stock. One schema,
 * for the form and for what is stored; what is not stored is the environment's default.
 */

const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Give ${what} as a whole number.` })
    .int(`Give ${what} as a whole number.`)
    .min(min, `Give ${what} from ${min} to ${max}.`)
    .max(max, `Give ${what} from ${min} to ${max}.`);

/** The settings form, every field sent as text (a form without JavaScript). */
export const SettingsInput = z.object({
  /** The settings' version as the page read it (empty: none stored yet). */
  version: z.string().max(40).default(""),
  legalName: z.string().trim().min(2, "Give the legal name (2 characters or more).").max(100, "At most 100 characters."),
  address: z
    .string()
    .max(700)
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .pipe(
      z
        .array(z.string().max(100, "Each line may have at most 100 characters."))
        .min(1, "Give the postal address, a line each.")
        .max(6, "At most 6 lines."),
    ),
  vatId: z
    .string()
    .transform((id) => id.replace(/[\s.-]+/g, "").toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2}[0-9A-Z+*]{2,13})?$/, "A VAT number such as NL000099998B57, or empty for none."))
    .transform((id) => (id === "" ? null : id)),
  accountHolder: z.string().trim().min(2, "Give the account holder's name.").max(100, "At most 100 characters."),
  iban: z.string().transform(compactIban).refine(ibanValid, "Not a valid IBAN: check it (its check digits do not agree)."),
  bic: z.string().trim().toUpperCase().regex(BIC_PATTERN, "A BIC such as ABNANL2A (8 or 11 characters)."),
  reservationDays: wholeNumber("the days", 1, 60),
  lowStockAt: wholeNumber("the threshold", 1, 10_000),
});
export type SettingsChange = z.output<typeof SettingsInput>;

/**
 * A row saved before ADR 74 calls the low-stock threshold `lowStockTotal` (it was a product's
 * total then): the same number is the options' mark now.
 */
function renamedKeys(value: unknown): unknown {
  if (!value || typeof value !== "object" || !("lowStockTotal" in value) || "lowStockAt" in value) return value;
  const { lowStockTotal, ...rest } = value as Record<string, unknown>;
  return { ...rest, lowStockAt: lowStockTotal };
}

/** What is stored: the settings an owner set (each key optional; the rest from the environment). */
export const StoredSettings = z.preprocess(
  renamedKeys,
  z
    .object({
      legalName: z.string(),
      address: z.array(z.string()),
      vatId: z.string().nullable(),
      accountHolder: z.string(),
      iban: z.string(),
      bic: z.string(),
      reservationDays: z.number().int(),
      lowStockAt: z.number().int(),
    })
    .partial(),
);
export type Stored = z.output<typeof StoredSettings>;

/** The settings as flat keys (what is stored and audited). */
export function flat(settings: ShopSettings): Required<Stored> {
  const { bank, ...rest } = settings;
  return { ...rest, ...bank };
}

/** The settings of stored values over the defaults. */
export function merged(defaults: ShopSettings, stored: Stored): ShopSettings {
  const all = { ...flat(defaults), ...stored };
  return {
    legalName: all.legalName,
    address: all.address,
    vatId: all.vatId,
    bank: { accountHolder: all.accountHolder, iban: all.iban, bic: all.bic },
    reservationDays: all.reservationDays,
    lowStockAt: all.lowStockAt,
  };
}
