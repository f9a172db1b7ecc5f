import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { deliveryZoneCountries, vatRates } from "../../../db/schema/index.ts";
import { ShopError } from "../../../lib/shop-error.ts";
import { findCountry } from "../../customers/index.ts";
import { field, type CollectionDef } from "../collection.ts";

/**
 * The countries the shop delivers to: each with its VAT rate (basis points) and delivery zone.
 * Creating one starts delivering there; deleting one stops it. Names come from the country list.
 */
export const countriesCollection: CollectionDef = {
  apiId: "countries",
  from: sql`(select v.id, v.document_id, v.country as code, v.rate_basis_points,
               (select z.zone_id from delivery_zone_countries z where z.country = v.country) as delivery_zone
             from vat_rates v)`,
  fields: {
    code: field("string", "code"),
    name: {
      type: "string",
      expr: (row) => sql`${row}.code`,
      computed: (code) => findCountry(String(code))?.name ?? String(code),
    },
    vatRateBasisPoints: field("integer", "rate_basis_points"),
    deliveryZone: field("string", "delivery_zone"),
  },
  draftAndPublish: false,
  writeScope: "settings",
  write: (() => {
    const shape = {
      code: z
        .string()
        .trim()
        .toUpperCase()
        .refine((code) => findCountry(code) !== undefined, "Not a country code (ISO 3166-1 alpha-2, such as NL)"),
      vatRateBasisPoints: z.number().int().min(0).max(10_000),
      deliveryZone: z.string().min(1).max(40).nullable().optional(),
    };
    const zone = async (
      scope: Parameters<NonNullable<CollectionDef["write"]>["create"]>[0],
      code: string,
      zoneId: string | null | undefined,
    ) => {
      if (zoneId === undefined) return;
      await scope.db.delete(deliveryZoneCountries).where(eq(deliveryZoneCountries.country, code));
      if (zoneId !== null) await scope.db.insert(deliveryZoneCountries).values({ country: code, zoneId });
    };
    const codeOf = async (scope: Parameters<NonNullable<CollectionDef["write"]>["create"]>[0], id: number) => {
      const [row] = await scope.db.select({ code: vatRates.country }).from(vatRates).where(eq(vatRates.id, id));
      if (!row) throw new ShopError("ENTRY_NOT_FOUND", "Not Found");
      return row.code;
    };
    return {
      keys: Object.keys(shape),
      schema: z.object(shape),
      partial: z.object(shape).partial().omit({ code: true }).strict(),
      async create(scope, input: z.output<z.ZodObject<typeof shape>>) {
        const [row] = await scope.db
          .insert(vatRates)
          .values({ country: input.code, rateBasisPoints: input.vatRateBasisPoints })
          .returning({ id: vatRates.id });
        await zone(scope, input.code, input.deliveryZone);
        return row!.id;
      },
      async update(scope, id, input) {
        const code = await codeOf(scope, id);
        if (input.vatRateBasisPoints !== undefined)
          await scope.db.update(vatRates).set({ rateBasisPoints: input.vatRateBasisPoints }).where(eq(vatRates.id, id));
        await zone(scope, code, input.deliveryZone);
      },
      async remove(scope, id) {
        const code = await codeOf(scope, id);
        await scope.db.delete(deliveryZoneCountries).where(eq(deliveryZoneCountries.country, code));
        await scope.db.delete(vatRates).where(eq(vatRates.id, id));
      },
    };
  })(),
};
