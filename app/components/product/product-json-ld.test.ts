import { expect, test } from "vitest";
import { jsonForScript, majorUnits, productJsonLd } from "./product-json-ld";

const variant = {
  id: 7,
  sku: "ZT-8-RED",
  size: "8",
  colour: "Red",
  colourHex: "#f00",
  stock: 3,
  price: 5999,
  compareAtPrice: 7999,
};
const product = { name: "Grip Pro", description: "Sticks.", brand: { slug: "zeta", name: "Zeta", logoPath: null } };

test("prices are written in major units with two decimals", () => {
  expect([5999, 100, 5, 0, 123456789, -250].map(majorUnits)).toEqual(["59.99", "1.00", "0.05", "0.00", "1234567.89", "-2.50"]);
});

test("the Product names the product, its brand, the shown variant's sku, price and availability", () => {
  const ld = productJsonLd({
    product,
    variant,
    url: "https://shop.example/shop/gloves/grip-pro",
    images: ["https://shop.example/images/product/1200?src=a"],
    currency: "EUR",
  });
  expect(ld).toEqual({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Grip Pro",
    description: "Sticks.",
    sku: "ZT-8-RED",
    image: ["https://shop.example/images/product/1200?src=a"],
    brand: { "@type": "Brand", name: "Zeta" },
    offers: {
      "@type": "Offer",
      url: "https://shop.example/shop/gloves/grip-pro",
      price: "59.99",
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  });
  const soldOut = productJsonLd({ product, variant: { ...variant, stock: 0 }, url: "u", images: [], currency: "EUR" });
  expect(soldOut.offers.availability).toBe("https://schema.org/OutOfStock");
});

test("no text in the data can end the script element, and the JSON reads back the same", () => {
  const hostile = { name: "</script><script>alert(1)</script>", note: "a & b > c <!-- \u2028\u2029" };
  const text = jsonForScript(hostile);
  expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(text)).toEqual(hostile);
  // What an HTML parser would see inside <script>: no end tag, whatever the case.
  expect(text.toLowerCase()).not.toContain("</script");
});
