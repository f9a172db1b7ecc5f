/*
 * The shop's settings as pages and the server both read them (ADR 68): plain TypeScript, no
 * packages, so a page may take them through shared.ts.
 */

export interface ShopSettings {
  /** The seller's legal name on invoices and packing slips. */
  legalName: string;
  /** The seller's postal address, a line each. */
  address: string[];
  /** The seller's VAT identification number; null: none printed. */
  vatId: string | null;
  bank: { accountHolder: string; iban: string; bic: string };
  /** Days an unpaid bank-transfer order keeps its stock, then is cancelled. */
  reservationDays: number;
  /**
   * An option with this many or fewer in stock (but some) is low, unless it has a threshold of its
   * own (stock/low-stock.ts, ADR 74).
   */
  lowStockAt: number;
}

/** The settings' keys, as the audit entry names the changed ones. */
export const SETTING_KEYS = [
  "legalName",
  "address",
  "vatId",
  "accountHolder",
  "iban",
  "bic",
  "reservationDays",
  "lowStockAt",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
