import type { ProductDetail } from "../../../server/modules/catalog/shared.ts";
import type { Variant } from "./variant-choice";

/*
 * The product page's structured data (schema.org Product as JSON-LD), for search engines: the
 * variant the page opens with gives the sku, price and availability.
 */

/** Integer minor units as the decimal string schema.org wants ("59.99"); currencies have two decimals (ADR 3). */
export function majorUnits(minorUnits: number): string {
  const sign = minorUnits < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(minorUnits));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export function productJsonLd(input: {
  product: Pick<ProductDetail, "name" | "description" | "brand">;
  variant: Variant;
  /** The page's canonical address, absolute. */
  url: string;
  /** Absolute image addresses. */
  images: string[];
  currency: string;
}) {
  const { product, variant, url, images, currency } = input;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: variant.sku,
    image: images,
    brand: { "@type": "Brand", name: product.brand.name },
    offers: {
      "@type": "Offer",
      url,
      price: majorUnits(variant.price),
      priceCurrency: currency,
      availability: variant.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON to put inside a <script> element. `<` is written as \u003c (and > & U+2028 U+2029 alike),
 * which JSON reads as the same character but HTML never sees, so no text in the data (a
 * product named "</script><script>...") can close the element.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char]!);
}
