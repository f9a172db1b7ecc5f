import type { Scope } from "../../lib/scope.ts";
import type { CatalogueStructure } from "../catalogue-structure/index.ts";
import type { NewsEditor } from "../news-editor/index.ts";
import type { PagesEditor } from "../pages/index.ts";
import type { ProductEditor } from "../product-editor/index.ts";
import { ANY_VISITOR } from "../catalog/index.ts";
import { benefitsOf } from "../membership/index.ts";
import { brandsCollection, categoriesCollection, productsCollection } from "./collections/catalogue.ts";
import { countriesCollection } from "./collections/countries.ts";
import { featureFlagsCollection } from "./collections/feature-flags.ts";
import { membershipsCollection } from "./collections/memberships.ts";
import { newsCategoriesCollection } from "./collections/news-categories.ts";
import { newsCollection } from "./collections/news.ts";
import { pagesCollection } from "./collections/pages.ts";
import type { Access, CollectionDef } from "./collection.ts";
import { parseEntryQuery, parseOneQuery, parseStatus } from "./query.ts";
import { findEntries, findEntry, type Entry } from "./read.ts";
import { createEntry, deleteEntry, updateEntry } from "./write.ts";

export type { Access, CollectionDef } from "./collection.ts";
export type { Entry, PageMeta } from "./read.ts";
export { isVideoAddress, YOUTUBE_VIDEO_PATTERNS } from "./videos.ts";

export interface ContentConfig {
  /** Addresses a video link must match (the video provider's); YouTube's by default. */
  videoPatterns?: readonly RegExp[];
  /** Told after an entry of a collection was written or removed (caches of other modules). */
  onChange?: (apiId: string) => void;
  /** Brands and categories become writable for staff through these use cases (ADR 69); absent: read-only. */
  catalogueStructure?: CatalogueStructure;
  /** Products become writable for staff through the product editor (ADR 73); absent: read-only. */
  productEditor?: ProductEditor;
  /** News posts are written through the news editor's one save (ADR 75); absent: the table as sent. */
  newsEditor?: NewsEditor;
  /** The pages editor (ADR 75): page writes go through its save, as the back office's do. */
  pagesEditor?: PagesEditor;
}

/** Who is asking, as far as content goes: their scopes; their membership now is read from it. */
export interface Reader {
  userId: number | null;
  scopes: readonly string[];
}

/**
 * The content backend's collections (SPEC §3, §7; ADR 39): Strapi 5's REST API over the shop's
 * own tables. Adapters hand over the parsed query string (qs) and the body as they came.
 */
export function createContent(config: ContentConfig = {}) {
  const list: CollectionDef[] = [
    newsCollection(config.videoPatterns, config.newsEditor),
    newsCategoriesCollection,
    pagesCollection(config.videoPatterns, config.pagesEditor),
    membershipsCollection,
    featureFlagsCollection,
    countriesCollection,
    brandsCollection(config.catalogueStructure),
    categoriesCollection(config.catalogueStructure),
    productsCollection(config.productEditor),
  ];
  const collections: ReadonlyMap<string, CollectionDef> = new Map(list.map((def) => [def.apiId, def]));

  async function accessOf(scope: Scope, reader: Reader): Promise<Access> {
    if (reader.userId === null) return { scopes: [], viewer: ANY_VISITOR, loggedIn: false };
    return { scopes: reader.scopes, viewer: await benefitsOf(scope.db, reader.userId), loggedIn: true };
  }

  /**
   * A write (POST or PUT) and its answer: the entry as its writer sees it, a draft included. The
   * answer's fields and populate are checked before anything is written.
   */
  async function written(
    scope: Scope,
    reader: Reader,
    def: CollectionDef,
    query: Record<string, unknown>,
    write: (access: Access, status: "published" | "draft") => Promise<number>,
  ): Promise<Entry> {
    const status = parseStatus(query.status);
    const answer = parseOneQuery(def, collections, { ...query, status: "draft" });
    const access = await accessOf(scope, reader);
    const id = await write(access, status);
    config.onChange?.(def.apiId);
    return findEntry(scope, def, { id }, answer, { collections, access });
  }

  const content = {
    /** The collection with that API id, or undefined. */
    collection(apiId: string): CollectionDef | undefined {
      return collections.get(apiId);
    },
    async find(scope: Scope, reader: Reader, def: CollectionDef, query: Record<string, unknown>) {
      const parsed = parseEntryQuery(def, collections, query);
      return findEntries(scope, def, parsed, { collections, access: await accessOf(scope, reader) });
    },
    async findOne(
      scope: Scope,
      reader: Reader,
      def: CollectionDef,
      documentId: string,
      query: Record<string, unknown>,
    ): Promise<Entry> {
      const parsed = parseOneQuery(def, collections, query);
      return findEntry(scope, def, { documentId }, parsed, { collections, access: await accessOf(scope, reader) });
    },
    create(scope: Scope, reader: Reader, def: CollectionDef, body: unknown, query: Record<string, unknown>) {
      return written(scope, reader, def, query, (access, status) => createEntry(scope, def, access, body, status));
    },
    update(scope: Scope, reader: Reader, def: CollectionDef, documentId: string, body: unknown, query: Record<string, unknown>) {
      return written(scope, reader, def, query, (access, status) => updateEntry(scope, def, access, documentId, body, status));
    },
    async remove(
      scope: Scope,
      reader: Reader,
      def: CollectionDef,
      documentId: string,
      query: Record<string, unknown> = {},
    ): Promise<void> {
      await deleteEntry(scope, def, await accessOf(scope, reader), documentId, query);
      config.onChange?.(def.apiId);
    },
  };
  return content;
}

export type ContentService = ReturnType<typeof createContent>;
