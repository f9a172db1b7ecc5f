import type { Db } from "../../db/client.ts";
import type { StaffScope } from "../audit/index.ts";
import { deliveryOverview } from "./read.ts";
import { methodInputs } from "./schemas.ts";
import { addCountries, addMethod, changeMethod, createZone, removeCountry, renameZone, setVatRate } from "./zones.ts";

export type { DeliveryOverview, VatView, ZoneView } from "./read.ts";
export * from "./words.ts";

/**
 * Delivery zones, methods and VAT rates as the owner changes them in the back office (issue 25
 * §5, ADR 68); checkout reads the same tables (checkout/delivery.ts) on every quote and order.
 * Each use case takes a staff scope (audited) and a form's raw fields; amounts are read in the
 * shop's `currency` (ADR 74).
 */
export function createDeliveryRates(deps: { currency: string }) {
  const inputs = methodInputs(deps.currency);
  return {
    overview: (db: Db) => deliveryOverview(db),
    createZone: (scope: StaffScope, raw: unknown) => createZone(scope, raw),
    renameZone: (scope: StaffScope, raw: unknown) => renameZone(scope, raw),
    addCountries: (scope: StaffScope, raw: unknown) => addCountries(scope, raw),
    removeCountry: (scope: StaffScope, raw: unknown) => removeCountry(scope, raw),
    addMethod: (scope: StaffScope, raw: unknown) => addMethod(scope, inputs, raw),
    changeMethod: (scope: StaffScope, raw: unknown) => changeMethod(scope, inputs, raw),
    setVatRate: (scope: StaffScope, raw: unknown) => setVatRate(scope, raw),
  };
}

export type DeliveryRates = ReturnType<typeof createDeliveryRates>;
