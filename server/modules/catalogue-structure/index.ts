import type { Db } from "../../db/client.ts";
import type { StaffScope } from "../audit/index.ts";
import { createAttribute } from "./attribute-create.ts";
import { editAttribute } from "./attribute-edit.ts";
import { moveAttribute } from "./attribute-move.ts";
import { deleteAttribute } from "./attribute-remove.ts";
import { renameAttributeValue } from "./attribute-value-rename.ts";
import { addAttributeValue, moveAttributeValue, removeAttributeValue } from "./attribute-values.ts";
import { createBrand } from "./brand-create.ts";
import { editBrand } from "./brand-edit.ts";
import { removeBrandLogo, setBrandLogo } from "./brand-logo.ts";
import { mergeBrand } from "./brand-merge.ts";
import { deleteBrand } from "./brand-remove.ts";
import { createCategory } from "./category-create.ts";
import { editCategory } from "./category-edit.ts";
import { removeCategoryImage, setCategoryImage } from "./category-image.ts";
import { mergeCategory } from "./category-merge.ts";
import { moveCategory } from "./category-move.ts";
import { deleteCategory } from "./category-remove.ts";
import type { StructureDeps } from "./change.ts";
import { attributeDetail, brandDetail, catalogueOverview, categoryDetail, parentForNew } from "./reads.ts";

/**
 * The catalogue's structure as staff change it (issue 25 §4, ADR 69): categories and
 * sub-categories, brands, the filter attributes. Every change is one transaction with its audit
 * entry, refused when the record changed since the form was read, and told to the storefront's
 * caches once committed; a changed slug leaves its old addresses answering 301.
 */
export function createCatalogueStructure(deps: StructureDeps) {
  const staff =
    <A extends unknown[], R>(work: (scope: StaffScope, deps: StructureDeps, ...args: A) => Promise<R>) =>
    (scope: StaffScope, ...args: A) =>
      work(scope, deps, ...args);
  return {
    overview: (db: Db) => catalogueOverview(db),
    category: (db: Db, id: unknown) => categoryDetail(db, id),
    parentForNew: (db: Db, id: unknown) => parentForNew(db, id),
    brand: (db: Db, id: unknown) => brandDetail(db, id),
    attribute: (db: Db, id: unknown) => attributeDetail(db, id),
    createCategory: staff(createCategory),
    editCategory: staff(editCategory),
    moveCategory: staff(moveCategory),
    setCategoryImage: staff(setCategoryImage),
    removeCategoryImage: staff(removeCategoryImage),
    deleteCategory: staff(deleteCategory),
    mergeCategory: staff(mergeCategory),
    createBrand: staff(createBrand),
    editBrand: staff(editBrand),
    setBrandLogo: staff(setBrandLogo),
    removeBrandLogo: staff(removeBrandLogo),
    deleteBrand: staff(deleteBrand),
    mergeBrand: staff(mergeBrand),
    createAttribute: staff(createAttribute),
    editAttribute: staff(editAttribute),
    moveAttribute: staff(moveAttribute),
    deleteAttribute: staff(deleteAttribute),
    addAttributeValue: staff(addAttributeValue),
    renameAttributeValue: staff(renameAttributeValue),
    removeAttributeValue: staff(removeAttributeValue),
    moveAttributeValue: staff(moveAttributeValue),
  };
}

export type CatalogueStructure = ReturnType<typeof createCatalogueStructure>;
export type { StructureDeps } from "./change.ts";
export { versionOf } from "./records.ts";
