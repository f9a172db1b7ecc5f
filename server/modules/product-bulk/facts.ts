import type { Db } from "../../db/client.ts";
import { invalidInput } from "../../lib/shop-error.ts";
import { changesPrices, planBulk, type BulkPlan } from "./plan.ts";
import { chosenIds, optionsOf, placesOf, productsOf, type Place } from "./read.ts";
import type { BulkChange, BulkSelection } from "./schemas.ts";

/** What the preview and the apply both need: the products chosen read (locked when `lock`), and their plan. */
export async function plannedEdit(
  db: Db,
  input: { selection: BulkSelection; change: BulkChange },
  options: { currency: string; now: Date; lowStockAt: number; lock: boolean; maxProducts?: number },
): Promise<{ plan: BulkPlan; places: Map<number, Place> }> {
  const { change } = input;
  const places = await placesOf(db);
  if (change.action === "category" && !places.has(change.categoryId)) {
    throw invalidInput("moveTo", "Choose a category from the list.");
  }
  const ids = await chosenIds(db, input.selection, options.now, options.lowStockAt, options.maxProducts);
  const products = await productsOf(db, ids, options.lock);
  const found = products.map((product) => product.id);
  const optionRows = changesPrices(change) ? await optionsOf(db, found, options.lock) : [];
  const plan = planBulk({ change, ids, products, options: optionRows, places, currency: options.currency, now: options.now });
  return { plan, places };
}
