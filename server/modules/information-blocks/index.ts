import type { Scope } from "../../lib/scope.ts";
import { ShopError } from "../../lib/shop-error.ts";
import type { StaffScope } from "../audit/index.ts";
import { moveInformation } from "./move.ts";
import { removeInformation } from "./remove.ts";
import { categoryChoices, informationRows } from "./rows.ts";
import { saveInformation } from "./save.ts";

export type { InformationRow } from "./rows.ts";
export { InformationInput } from "./schemas.ts";
export { INFORMATION_TARGETS, type InformationTargetChoice } from "./words.ts";

export interface InformationBlocksConfig {
  /** Told once a change has committed: the catalogue's caches (its blocks among them) and the page cache follow. */
  catalogueChanged: () => void;
}

/**
 * The product information blocks in the back office (issue 26 §3, ADR 76): size guides, care,
 * delivery; every product's, a category's or one product's; in order, published or not. The
 * shop reads them through the catalogue (catalog/custom-information.ts, GET /ecommerce/custom-information).
 */
export function createInformationBlocks(config: InformationBlocksConfig) {
  const committed = config.catalogueChanged;
  return {
    /** Every block in order, and the categories a block may be given. */
    async list(scope: Scope) {
      const [blocks, categories] = await Promise.all([informationRows(scope.db), categoryChoices(scope.db)]);
      return { blocks, categories };
    },
    /** One block for its editor, with the categories; ENTRY_NOT_FOUND when there is none. */
    async block(scope: Scope, id: number) {
      const { blocks, categories } = await this.list(scope);
      const block = blocks.find((row) => row.id === id);
      if (!block) throw new ShopError("ENTRY_NOT_FOUND", "This information block does not exist.");
      return { block, categories };
    },
    save: (scope: StaffScope, raw: unknown) => saveInformation(scope, raw, committed),
    remove: (scope: StaffScope, raw: unknown) => removeInformation(scope, raw, committed),
    move: (scope: StaffScope, raw: unknown) => moveInformation(scope, raw, committed),
  };
}

export type InformationBlocks = ReturnType<typeof createInformationBlocks>;
