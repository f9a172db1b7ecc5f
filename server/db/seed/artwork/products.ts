import { apparel } from "./apparel.ts";
import { bags } from "./bags.ts";
import { equipment } from "./equipment.ts";
import { footwear } from "./footwear.ts";
import type { Paint } from "./paint.ts";
import { protection } from "./protection.ts";

/** Every product type other than gloves, by its drawing's name (one per sub-category, a jersey by its sleeve). */
const drawings = { ...apparel, ...protection, ...footwear, ...bags, ...equipment };

export type ProductDrawing = keyof typeof drawings;

export function drawProduct(drawing: ProductDrawing, paint: Paint): string {
  return drawings[drawing](paint);
}
