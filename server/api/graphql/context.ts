import type { RequestContext } from "../../context.ts";
import type { BrandDetails, CategoryNode } from "../../modules/catalog/index.ts";
import { cartCookie } from "../../modules/cart/index.ts";

/**
 * What every resolver receives: the request context (ADR 34: services, session, visitor, the
 * scope service calls take first) and what GraphQL adds for its answers.
 */
export interface GraphQLContext extends RequestContext {
  /** ISO 4217 code of every price. */
  currency: string;
  /** Sends the cart cookie with the response (for bags made or changed through the cookie). */
  keepCartCookie(token: string): void;
  /**
   * True for the bag of the shopper's cookie. Its token is not given back (Cart.id is null): the
   * cookie is HttpOnly so that no script can read the token, and GraphQL must not hand it out.
   */
  isCookieBag(token: string): boolean;
  /** Brands and categories by slug, read once per request from the catalogue's memory cache. */
  brandBySlug(slug: string): Promise<BrandDetails | undefined>;
  categoryBySlug(slug: string): Promise<CategoryNode | undefined>;
}

/** Per request; passed to yoga as its server context by routes.ts. */
export interface RequestExtras {
  setCookie(value: string): void;
  /** The request context built by the shop's middleware. */
  shop: RequestContext;
}

export function createContext(extras: RequestExtras): GraphQLContext {
  const { shop } = extras;
  const { catalog } = shop.services;
  let brands: Promise<Map<string, BrandDetails>> | undefined;
  let categories: Promise<Map<string, CategoryNode>> | undefined;
  let cookieSent = false;
  let cookieBag = shop.guestBag;
  return {
    ...shop,
    currency: shop.env.currency,
    keepCartCookie(token) {
      cookieBag = token;
      if (cookieSent) return;
      cookieSent = true;
      extras.setCookie(cartCookie(token, shop.cookies));
    },
    isCookieBag: (token) => token === cookieBag,
    async brandBySlug(slug) {
      brands ??= catalog.brandDetails().then((list) => new Map(list.map((brand) => [brand.slug, brand])));
      return (await brands).get(slug);
    },
    async categoryBySlug(slug) {
      categories ??= catalog.categories().then((list) => new Map(list.map((category) => [category.slug, category])));
      return (await categories).get(slug);
    },
  };
}
