import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import {
  brands,
  catalogueAttributes,
  categories,
  customInformation,
  productImages,
  products,
  variants,
} from "../schema/index.ts";
import { brandSeeds } from "./brands-data.ts";
import { insertByColumns } from "./bulk-insert.ts";
import { catalogue } from "./catalogue-data.ts";
import { seedDemoContent, type ContentCounts } from "./content.ts";
import { customInformationSeeds } from "./custom-information-data.ts";
import {
  categoryArtworkPath,
  HERO_ARTWORK,
  HERO_PORTRAIT_ARTWORK,
  LAUNCH_TEASER_ARTWORK,
  MEMBERSHIP_CARD_ARTWORK,
  pageArtworkPath,
  SHARE_ARTWORK,
} from "./artwork-paths.ts";
import { logoSvg } from "./artwork/brand-logos.ts";
import { heroPortraitSvg, heroSvg } from "./artwork/hero.ts";
import { categoryTileSvg, launchTeaserSvg, membershipCardSvg, PAGE_ART, shareSvg } from "./artwork/site-art.ts";
import { PRODUCT_IMAGE_SIZE, productImagePath, productImageSvg, renderImages, type ImageJob } from "./images.ts";
import { planProducts, type ProductPlan } from "./products.ts";
import { createRandom } from "./random.ts";
import { seedCheckoutDefaults, seedDemoPromoCodes } from "./checkout-defaults.ts";
import { seedSiteDefaults } from "./site-defaults.ts";

export { seedSiteDefaults } from "./site-defaults.ts";
export { seedCheckoutDefaults } from "./checkout-defaults.ts";
export { seedDemoContent, type ContentCounts } from "./content.ts";

export interface SeedOptions {
  /** How many products to create. */
  products: number;
  /** The shop's media folder; images go to products/, brands/, art/, news/ and pages/ under it. */
  mediaDir: string;
}

export interface SeedCounts {
  categories: number;
  subCategories: number;
  brands: number;
  products: number;
  variants: number;
  /** The news, plans and pages added with the catalogue (none where there were some already). */
  content: ContentCounts;
}

// Fixed so that every run, on every machine, plans the same shop.
const SHOP_SEED = 0x6b33_7065;

// Products per INSERT: few round trips for a large shop, yet far below PostgreSQL's limit of
// 65,535 bind parameters per statement (a product row has 12).
const PRODUCTS_PER_INSERT = 1000;

/**
 * Fills an empty catalogue with the demo goalkeeping shop and adds missing default settings and
 * flags, then the demo content where there is none. Images are rendered first, so the catalogue is
 * written in one short transaction: a failed seed leaves no half-filled shop behind.
 */
export async function seedDemoShop(db: Db, options: SeedOptions): Promise<SeedCounts> {
  if (!Number.isSafeInteger(options.products) || options.products < 0) {
    throw new RangeError(`The number of products must be a whole number of 0 or more, not ${options.products}.`);
  }
  await seedSiteDefaults(db);
  await seedCheckoutDefaults(db);
  if (!(await isCatalogueEmpty(db))) {
    throw new Error("The catalogue is not empty: clear it before seeding the demo shop.");
  }
  const plans = planProducts(options.products, createRandom(SHOP_SEED));
  await renderImages(options.mediaDir, imageJobs(plans));
  await seedDemoPromoCodes(db);
  const counts = await db.transaction((tx) => insertCatalogue(tx, plans));
  return { ...counts, content: await seedDemoContent(db, { mediaDir: options.mediaDir }) };
}

/** Deletes every product, variant, image, brand, category and information block; settings and flags stay. */
export async function clearCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Children first, so no row ever points at a deleted one.
    await tx.delete(customInformation);
    await tx.delete(productImages);
    await tx.delete(variants);
    await tx.delete(products);
    await tx.delete(brands);
    await tx.delete(categories);
    await tx.delete(catalogueAttributes);
  });
}

export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  for (const table of [products, brands, categories] as PgTable[]) {
    const rows = await db
      .select({ one: sql`1` })
      .from(table)
      .limit(1);
    if (rows.length > 0) return false;
  }
  return true;
}

/**
 * The filter attributes the seeded products use become the shop's filter attributes (ADR 69), as
 * migration 0021 does for a shop that had products before: named from their keys, values in order.
 */
async function seedFilterAttributes(db: Db) {
  await db.execute(sql`
    insert into catalogue_attributes (key, name, values, position)
    select a.key, initcap(replace(a.key, '_', ' ')), jsonb_agg(distinct a.value order by a.value),
           (row_number() over (order by a.key))::int - 1
    from products p, jsonb_each_text(p.attributes) a
    group by a.key
    on conflict do nothing`);
}

/**
 * The shop's own drawn pictures (artwork-paths.ts), which every shop shows until its owner uploads
 * others, the demo or not: the hero and its portrait crop, the membership card, the launch teaser,
 * the share image and the site pages' pictures.
 */
function shopArtworkJobs(): ImageJob[] {
  return [
    { path: HERO_ARTWORK, svg: heroSvg },
    { path: HERO_PORTRAIT_ARTWORK, svg: heroPortraitSvg },
    { path: MEMBERSHIP_CARD_ARTWORK, svg: membershipCardSvg },
    { path: LAUNCH_TEASER_ARTWORK, svg: launchTeaserSvg },
    { path: SHARE_ARTWORK, svg: shareSvg },
    ...Object.entries(PAGE_ART).map(([slug, svg]) => ({ path: pageArtworkPath(slug), svg })),
  ];
}

/**
 * Renders those of the shop's own pictures that its media folder lacks: at each start, so a shop
 * that never loaded the demo (or loaded it before they were drawn) has them too. Cheap once done.
 */
export function renderShopArtwork(mediaDir: string): Promise<number> {
  return renderImages(mediaDir, shopArtworkJobs());
}

/**
 * The demo's drawn pictures: the shop's own and a tile per demo category (the seed sets it as the
 * category's picture). Rendered with the catalogue.
 */
function artworkJobs(): ImageJob[] {
  return [
    ...shopArtworkJobs(),
    ...catalogue.map(({ slug }) => ({ path: categoryArtworkPath(slug), svg: () => categoryTileSvg(slug) })),
  ];
}

/** Every file the catalogue's seed renders: product pictures first (the shop's first pages need them), then logos and artwork. */
function imageJobs(plans: readonly ProductPlan[]): ImageJob[] {
  const jobs = new Map<string, ImageJob>();
  for (const image of plans.flatMap((plan) => plan.images)) {
    const path = productImagePath(image);
    if (!jobs.has(path)) jobs.set(path, { path, svg: () => productImageSvg(image) });
  }
  for (const brand of brandSeeds) {
    jobs.set(`brands/${brand.slug}.webp`, { path: `brands/${brand.slug}.webp`, svg: () => logoSvg(brand.logo) });
  }
  for (const job of artworkJobs()) jobs.set(job.path, job);
  return [...jobs.values()];
}

async function insertCatalogue(db: Db, plans: readonly ProductPlan[]): Promise<Omit<SeedCounts, "content">> {
  const topLevel = await db
    .insert(categories)
    // Each with its drawn tile (artworkJobs), as an owner's upload would be set.
    .values(
      catalogue.map(({ slug, name, description }, position) => ({
        slug,
        name,
        description,
        position,
        imagePath: categoryArtworkPath(slug),
      })),
    )
    .returning({ id: categories.id, slug: categories.slug });
  const categoryIds = catalogue.map((category) => idOf(topLevel, category.slug));

  const subRows = catalogue.flatMap((category, i) =>
    category.subCategories.map(({ slug, name, description }, position) => ({
      parentId: categoryIds[i] as number,
      slug,
      name,
      description,
      position,
    })),
  );
  const insertedSubs = await db
    .insert(categories)
    .values(subRows)
    .returning({ id: categories.id, parentId: categories.parentId, slug: categories.slug });
  const subIds = catalogue.map((category, i) =>
    category.subCategories.map((sub) =>
      idOf(
        insertedSubs.filter((row) => row.parentId === categoryIds[i]),
        sub.slug,
      ),
    ),
  );

  await db.insert(customInformation).values(
    customInformationSeeds.map(({ category, ...block }, position) => ({
      ...block,
      categoryId: category === null ? null : idOf(topLevel, category),
      position,
    })),
  );

  const insertedBrands = await db
    .insert(brands)
    .values(brandSeeds.map(({ slug, name, story }) => ({ slug, name, story, logoPath: `brands/${slug}.webp` })))
    .returning({ id: brands.id, slug: brands.slug });
  const brandIds = brandSeeds.map((brand) => idOf(insertedBrands, brand.slug));

  const productIds = new Map<string, number>();
  for (const batch of batches(plans)) {
    const rows = await db
      .insert(products)
      .values(
        batch.map((plan) => ({
          slug: plan.slug,
          name: plan.name,
          description: plan.description,
          brandId: brandIds[plan.brandIndex] as number,
          categoryId: categoryIds[plan.categoryIndex] as number,
          subCategoryId: subIds[plan.categoryIndex]?.[plan.subCategoryIndex] as number,
          attributes: plan.attributes,
          published: plan.published,
          membersOnly: plan.membersOnly,
          featuredRank: plan.featuredRank,
          createdAt: plan.createdAt,
          updatedAt: plan.createdAt,
        })),
      )
      .returning({ id: products.id, slug: products.slug });
    for (const row of rows) productIds.set(row.slug, row.id);
  }

  const productId = (plan: ProductPlan) => productIds.get(plan.slug) as number;
  const variantRows = plans.flatMap((plan) => plan.variants.map((variant, position) => ({ plan, variant, position })));
  await insertByColumns(db, variants, variantRows, [
    [variants.productId, ({ plan }) => productId(plan)],
    [variants.sku, ({ variant }) => variant.sku],
    [variants.size, ({ variant }) => variant.size],
    [variants.colour, ({ variant }) => variant.colour.name],
    [variants.colourHex, ({ variant }) => variant.colour.hex],
    [variants.stock, ({ variant }) => variant.stock],
    [variants.price, ({ variant }) => variant.price],
    [variants.compareAtPrice, ({ variant }) => variant.compareAtPrice],
    [variants.memberPrice, ({ variant }) => variant.memberPrice],
    [variants.position, ({ position }) => position],
  ]);

  const imageRows = plans.flatMap((plan) => plan.images.map((image, position) => ({ plan, image, position })));
  await insertByColumns(db, productImages, imageRows, [
    [productImages.productId, ({ plan }) => productId(plan)],
    [productImages.path, ({ image }) => productImagePath(image)],
    [productImages.alt, ({ image }) => image.alt],
    [productImages.colour, ({ image }) => image.colour.name],
    [productImages.width, () => PRODUCT_IMAGE_SIZE],
    [productImages.height, () => PRODUCT_IMAGE_SIZE],
    [productImages.position, ({ position }) => position],
  ]);

  await seedFilterAttributes(db);

  return {
    categories: topLevel.length,
    subCategories: insertedSubs.length,
    brands: insertedBrands.length,
    products: plans.length,
    variants: variantRows.length,
  };
}

function idOf(rows: readonly { id: number; slug: string }[], slug: string): number {
  const row = rows.find((r) => r.slug === slug);
  if (!row) throw new Error(`The database did not return the new row for "${slug}"`);
  return row.id;
}

function* batches<T>(rows: readonly T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += PRODUCTS_PER_INSERT) yield rows.slice(start, start + PRODUCTS_PER_INSERT);
}
