import { isCrossSite } from "../../http/same-origin.ts";
import { requestToken } from "../../http/session-token.ts";
import type { CurrentSession } from "../../modules/accounts/index.ts";
import type { BrandDetails, CategoryNode } from "../../modules/catalog/index.ts";
import { cartCookie, readCartToken } from "../../modules/cart/index.ts";
import type { Visitor } from "../../modules/rate-limit/index.ts";
import type { Services } from "../../services.ts";

/** What every resolver receives: the modules, the shop's currency and the shopper's cart cookie. */
export interface GraphQLContext {
  services: Services;
  /** ISO 4217 code of every price. */
  currency: string;
  /** The token in the shopper's cart cookie, or null. */
  cartCookieToken: string | null;
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
  /**
   * The logged-in customer's session, from the Authorization header (Bearer) or else the auth
   * cookie; null for a guest. Looked up once per request, when a field first needs it, so
   * catalogue queries cost no session lookup.
   */
  session(): Promise<CurrentSession | null>;
  /** True when the session token rides on the cookie of a request sent by another site's page. */
  crossSiteCookie: boolean;
  /** Who is asking: new guest bags are counted by this address. */
  visitor: Visitor;
}

/** Per request; passed to yoga as its server context by routes.ts. */
export interface RequestExtras {
  setCookie(value: string): void;
  /** The client's address (behind TRUST_PROXY proxies, the forwarded one). */
  visitorIp: string;
}

export function createContext(
  request: Request,
  extras: RequestExtras,
  options: { services: Services; currency: string; secureCookies: boolean; publicUrl: string },
): GraphQLContext {
  const { services } = options;
  const token = requestToken(request);
  let session: Promise<CurrentSession | null> | undefined;
  let brands: Promise<Map<string, BrandDetails>> | undefined;
  let categories: Promise<Map<string, CategoryNode>> | undefined;
  let cookieSent = false;
  const cartCookieToken = readCartToken(request.headers.get("cookie"));
  let cookieBag = cartCookieToken;
  return {
    services,
    currency: options.currency,
    cartCookieToken,
    keepCartCookie(token) {
      cookieBag = token;
      if (cookieSent) return;
      cookieSent = true;
      extras.setCookie(cartCookie(token, { secure: options.secureCookies }));
    },
    isCookieBag: (token) => token === cookieBag,
    async brandBySlug(slug) {
      brands ??= services.catalog.brandDetails().then((list) => new Map(list.map((brand) => [brand.slug, brand])));
      return (await brands).get(slug);
    },
    async categoryBySlug(slug) {
      categories ??= services.catalog.categories().then((list) => new Map(list.map((category) => [category.slug, category])));
      return (await categories).get(slug);
    },
    session: () => (session ??= services.accounts.authenticate(token?.token)),
    crossSiteCookie: token?.via === "cookie" && isCrossSite(request, options.publicUrl),
    visitor: { ip: extras.visitorIp },
  };
}
