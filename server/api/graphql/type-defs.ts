import {
  RESULT_SORTS,
  MAX_SUGGESTIONS,
  MAX_SEARCH_LENGTH,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
} from "../../modules/catalog/index.ts";

/** The listing's sort names as GraphQL enum values: "price-asc" is PRICE_ASC. */
export function sortEnumValue(sort: string): string {
  return sort.toUpperCase().replaceAll("-", "_");
}

/*
 * The shop's GraphQL schema (SPEC §7: the store platform's query API). Every field reads the same
 * catalogue and bag modules as the pages and the REST API, so a product, a listing or a bag looks
 * the same through every door. See docs/decisions/0015-graphql-api.md.
 */
export const typeDefs = /* GraphQL */ `
  """
  An amount of money in integer minor units of its currency (cents): 1999 with EUR is 19.99 EUR.
  Prices and totals are always computed by the shop, never taken from a client.
  """
  type Money {
    amount: Int!
    "ISO 4217 code, such as EUR."
    currency: String!
  }

  type Image {
    """
    Where the original is in the shop's media folder (served at /media/{path}), or, for an image
    uploaded to the shop, its /uploads/ address (served only through the image endpoint).
    """
    path: String!
    alt: String!
    width: Int!
    height: Int!
    "On a product's page: the colour this picture shows, or null when it shows every colour (a gallery follows the chosen colour)."
    colour: String
    """
    The image resized by the shop's image endpoint (webp, cropped square) to one of the widths
    96, 160, 240, 320, 480, 640, 800 or 1200; without a width, the original's address (for an upload,
    its 1200-pixel rendering).
    """
    src(width: Int): String!
  }

  type Colour {
    name: String!
    "CSS colour, such as #1d4ed8."
    hex: String!
  }

  type Brand {
    slug: String!
    name: String!
    "Where the brand's logo is in the shop's media folder (served at /media/{logoPath}), when it has one."
    logoPath: String
    "The brand's story, as its brand page tells it."
    story: String!
  }

  type SubCategory {
    slug: String!
    name: String!
    description: String!
  }

  type Category {
    slug: String!
    name: String!
    description: String!
    subCategories: [SubCategory!]!
  }

  "What a product grid shows of a product."
  type ProductCard {
    id: ID!
    slug: String!
    name: String!
    brand: Brand!
    categorySlug: String!
    "The lowest price among the product's options."
    price: Money!
    "The price before the sale, when the cheapest option is on sale."
    compareAtPrice: Money
    onSale: Boolean!
    inStock: Boolean!
    colours: [Colour!]!
    image: Image
  }

  "One buyable option (size and colour) of a product."
  type Variant {
    id: ID!
    sku: String!
    size: String!
    colour: String!
    colourHex: String!
    "How many are in stock now (the bag checks again when one is added)."
    stock: Int!
    inStock: Boolean!
    price: Money!
    compareAtPrice: Money
  }

  type ProductAttribute {
    "Such as cut or grip."
    name: String!
    value: String!
  }

  type PriceRange {
    min: Money!
    max: Money!
  }

  "Everything a product page shows of a product."
  type Product {
    id: ID!
    slug: String!
    name: String!
    description: String!
    brand: Brand!
    category: Category!
    subCategory: SubCategory
    attributes: [ProductAttribute!]!
    images: [Image!]!
    variants: [Variant!]!
    priceRange: PriceRange!
    inStock: Boolean!
  }

  "One choice of a filter group, with how many products it gives together with the other groups' filters."
  type FacetOption {
    value: String!
    label: String!
    count: Int!
    selected: Boolean!
  }

  "A size to filter by, with the list it belongs in: a listing shows glove, junior, clothing and shoe sizes apart."
  type SizeFacetOption {
    value: String!
    label: String!
    count: Int!
    selected: Boolean!
    "glove, junior (height in cm), clothing, shoe, one-size or other."
    group: String!
  }

  type ColourFacetOption {
    value: String!
    label: String!
    count: Int!
    selected: Boolean!
    hex: String!
  }

  type AttributeFacet {
    "The attribute's key, as filters name it (attributes: [{ name, values }])."
    name: String!
    "What shoppers read: the name the shop's owner gave the attribute."
    label: String!
    options: [FacetOption!]!
  }

  type Facets {
    "The lowest and highest price in the scope, for a price slider; null when the scope is empty."
    price: PriceRange
    sizes: [SizeFacetOption!]!
    colours: [ColourFacetOption!]!
    brands: [FacetOption!]!
    subCategories: [FacetOption!]!
    attributes: [AttributeFacet!]!
    "How many products have stock, given the other filters."
    inStock: Int!
  }

  "One page of a listing."
  type ProductPage {
    items: [ProductCard!]!
    "Products matching the scope and filters, over all pages."
    total: Int!
    "The page shown: the last one when a later page was asked for."
    page: Int!
    pageSize: Int!
    pageCount: Int!
    facets: Facets!
  }

  """
  The order of a listing. RELEVANCE puts the best search matches first; it is the default when
  there is search text, FEATURED otherwise (and RELEVANCE without text is the featured order).
  """
  enum ProductSort {
    ${RESULT_SORTS.map(sortEnumValue).join("\n    ")}
  }

  "Which part of the catalogue to list, as the shop's listing pages do."
  input ProductScope {
    "A category's slug."
    category: String
    "A sub-category's slug; needs category."
    sub: String
    "A brand's slug."
    brand: String
    "Only products on sale."
    saleOnly: Boolean
  }

  input AttributeFilter {
    "Such as cut."
    name: String!
    "Any of these values matches."
    values: [String!]!
  }

  """
  The listing's filters: groups combine with AND, the values within a group with OR. Prices are
  in minor units (cents), compared with a product's lowest price.
  """
  input ProductFilters {
    priceMin: Int
    priceMax: Int
    sizes: [String!]
    colours: [String!]
    "Brand slugs."
    brands: [String!]
    "Sub-category slugs of the scope's category."
    subCategories: [String!]
    attributes: [AttributeFilter!]
    inStock: Boolean
  }

  type CartLineOption {
    variantId: ID!
    size: String!
    colour: String!
    colourHex: String!
    stock: Int!
  }

  type CartLine {
    id: ID!
    variantId: ID!
    productId: ID!
    slug: String!
    categorySlug: String!
    name: String!
    brand: String!
    sku: String!
    size: String!
    colour: String!
    colourHex: String!
    image: Image
    quantity: Int!
    unitPrice: Money!
    compareAtPrice: Money
    lineTotal: Money!
    stock: Int!
    "False when the product is no longer sold; such a line counts towards nothing."
    available: Boolean!
    "Why the line cannot be bought as it is (sold out, fewer left than wanted, withdrawn), or null."
    problem: String
    "The product's other sizes and colours, for changing the line."
    options: [CartLineOption!]!
  }

  "A shopper's bag, priced now by the shop."
  type Cart {
    """
    The bag's secret token: whoever holds it can read and change the bag. Null for the bag of the
    shopper's cart cookie, whose token stays in that HttpOnly cookie.
    """
    id: ID
    lines: [CartLine!]!
    itemCount: Int!
    subtotal: Money!
    "How much the sale prices save against the compare-at prices."
    savings: Money!
    "The membership plan the bag holds (a customer's bag only; bought through checkout), or null."
    membership: CartMembership
  }

  "A membership plan in a bag: one line, one of it, not delivered."
  type CartMembership {
    "The plan's slug, as /membership names it."
    plan: String!
    "As the order's line will read: Pro membership (12 months)."
    name: String!
    "How long it runs once paid; null: no end."
    months: Int
    price: Money!
    "False when the plan can no longer be bought (unpublished, or made free)."
    available: Boolean!
  }

  type Query {
    """
    A listing with filters, facets and pagination, as the shop's listing pages show it.
    pageSize is 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}); query (at most ${MAX_SEARCH_LENGTH} characters)
    narrows it to what a search for that text finds.
    """
    products(
      scope: ProductScope
      filters: ProductFilters
      sort: ProductSort
      page: Int = 1
      pageSize: Int = ${DEFAULT_PAGE_SIZE}
      query: String
    ): ProductPage!

    "A product by slug or by id; null when the shop does not show it."
    product(slug: String, id: ID): Product

    "The categories in the shop's order, with their sub-categories."
    categories: [Category!]!

    "Every brand, by name."
    brands: [Brand!]!

    """
    What a search for the text finds, best first unless another sort is asked for, with the
    listing's filters and facets. Blank text is no search: the whole catalogue is listed.
    """
    search(text: String!, filters: ProductFilters, sort: ProductSort, page: Int = 1, pageSize: Int = ${DEFAULT_PAGE_SIZE}): ProductPage!

    "The best matches for the words typed so far, for suggestions as the shopper types (limit 1 to ${MAX_SUGGESTIONS})."
    searchSuggestions(text: String!, limit: Int = 6): [ProductCard!]!

    "The bag with this id (its token), else the shopper's bag from the cart cookie; null when there is none."
    cart(id: ID): Cart
  }

  type Mutation {
    "Makes an empty bag; its id is the token that reaches it again."
    createCart: Cart!

    """
    Puts an option in the bag, adding to the line that already holds it. Without a cartId the
    shopper's bag from the cart cookie is used, and made when there is none.
    """
    addCartLine(cartId: ID, variantId: ID!, quantity: Int = 1): Cart!

    "Changes a line's quantity and/or its option (size, colour)."
    updateCartLine(cartId: ID, lineId: ID!, quantity: Int, variantId: ID): Cart!

    removeCartLine(cartId: ID, lineId: ID!): Cart!
  }
`;
