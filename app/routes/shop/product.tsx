import { useState } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/product";
import { imageUrl } from "../../../server/modules/media/shared.ts";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { CompareToggle } from "~/components/compare-toggle";
import { Gallery } from "~/components/product/gallery";
import { InformationBlocks } from "~/components/product/information-blocks";
import { ProductPurchase } from "~/components/product/product-purchase";
import { jsonForScript, productJsonLd } from "~/components/product/product-json-ld";
import { RelatedProducts } from "~/components/product/related-products";
import { initialVariant } from "~/components/product/variant-choice";
import { Link } from "~/components/ui/link";
import { BACK_IN_STOCK_INTENT, backInStockMessage, type BackInStockResult } from "~/lib/back-in-stock";
import { BAG_PATH } from "~/lib/bag";
import { deliveryEstimate } from "~/lib/delivery-methods.server";
import { useFeature } from "~/lib/features";
import { fieldsOf, formFailure, readForm } from "~/lib/forms.server";
import { notFoundOrMoved } from "~/lib/moved.server";
import { mediaUrl } from "~/lib/media";
import { pageMeta, siteFrom } from "~/lib/meta";
import { deserialize, serialize } from "~/lib/serialized";
import { pageContext } from "../../../server/http/page-context.ts";
import { asShopError } from "../../../server/lib/shared.ts";

/** How many related products the page suggests. */
const RELATED_COUNT = 4;
// A product's slug, or its id (which redirects to the slug); anything else names no product.
const PRODUCT_KEY = /^(?:\d{1,10}|[a-z0-9]+(?:-[a-z0-9]+)*)$/;

const productPath = (product: { slug: string; category: { slug: string } }) => `/shop/${product.category.slug}/${product.slug}`;
const shareImage = (path: string) => imageUrl("product", 1200, mediaUrl(path));

export const meta: Route.MetaFunction = ({ matches, data }) => {
  if (!data) return [];
  const product = deserialize(data.product);
  // The owner's SEO title and description (back office) when given; else the page's own.
  const description = product.seoDescription || product.description || `${product.name} by ${product.brand.name}.`;
  return pageMeta(siteFrom(matches), {
    title: product.seoTitle || `${product.name} by ${product.brand.name}`,
    description: description.length > 160 ? `${description.slice(0, 157).trimEnd()}…` : description,
    path: productPath(product),
    image: product.images[0] ? shareImage(product.images[0].path) : undefined,
  });
};

/**
 * The product (from a short in-memory cache, docs/decisions/0019), its information blocks (from
 * memory) and related products (from the listing's read model): no query of its own when warm.
 */
export async function loader({ params, request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { catalog } = context.services;
  const key = params.product;
  // Members-only products are found by members with early access alone (ADR 41).
  const viewer = await context.viewer();
  const product = key.length <= 200 && PRODUCT_KEY.test(key) ? await catalog.cachedProductDetail(key, viewer) : null;
  // Nothing here: the product's old address (its slug changed) answers 301, anything else 404.
  if (!product) return notFoundOrMoved(catalog, request, ["product"]);
  const url = new URL(request.url);
  // One address per product: another category (a moved product, an edited link) or the id leads to it.
  if (params.category !== product.category.slug || key !== product.slug) {
    throw redirect(`${productPath(product)}${url.search}`, 301);
  }
  const [information, related, delivery] = await Promise.all([
    catalog.customInformation.informationFor(product),
    catalog.relatedProducts(product.id, RELATED_COUNT, viewer),
    deliveryEstimate(context),
  ]);
  return {
    // Cached and shared: its JSON text is made once (lib/serialized.ts).
    product: serialize(product),
    initialVariantId: initialVariant(product.variants, url.searchParams.get("variant")).id,
    information: information.map(({ id, kind, title, paragraphs }) => ({ id, kind, title, paragraphs })),
    related: serialize(related),
    delivery,
    currency: context.env.currency,
    publicUrl: context.env.publicUrl,
    // A customer's back-in-stock requests are for their account's address (ADR 47).
    customerEmail: context.session?.user.email ?? null,
  };
}

/**
 * The back-in-stock form (ADR 47), the one form posted to this page: with JavaScript through a
 * fetcher (its answer as data), without it as a plain form answered by the page with the message.
 * Every refusal is an answer the form shows (never the error page): another site's form (403),
 * something that is not this form (400), a field the module refuses. Refused because the option is
 * in stock now, the answer carries its stock, so the page shows it can be bought.
 */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const form = await readForm(request);
  const fields = form ? fieldsOf(form) : {};
  const variantId = /^\d{1,10}$/.test(fields.variantId ?? "") ? Number(fields.variantId) : undefined;
  const values = { email: fields.email ?? "" };
  const refused = (status: number, formError: string) =>
    data<BackInStockResult>({ ok: false, fieldErrors: {}, formError, values, variantId }, { status });
  // Another site's page cannot put visitors' addresses on lists: http/cross-site-writes.ts refuses its post.
  if (fields.intent !== BACK_IN_STOCK_INTENT) return refused(400, "Please use the form on this page.");
  const session = context.session;
  const customer = session ? { id: session.user.id, email: session.user.email } : null;
  try {
    // The module refuses text it cannot store (NUL) beside its field, as any other bad input.
    const answer = await context.services.stockAlerts.request(
      context,
      { email: fields.email, variantId: fields.variantId },
      { customer, viewer: await context.viewer() },
    );
    return data<BackInStockResult>({ ok: true, variantId: answer.variantId, message: backInStockMessage(answer) });
  } catch (error) {
    const details = asShopError(error)?.details;
    const stock =
      details?.reason === "in-stock"
        ? { available: details.available === true, left: typeof details.left === "number" ? details.left : null }
        : undefined;
    return formFailure(error, values, { variantId, ...(stock && { stock }) });
  }
}

// Adding to the bag, and asking to be told when an option is back, change nothing this page shows
// (the header's count comes from the root loader).
export function shouldRevalidate({ formAction, formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === BAG_PATH || formData?.get("intent") === BACK_IN_STOCK_INTENT) return false;
  return defaultShouldRevalidate;
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { initialVariantId, information, currency, publicUrl, customerEmail, delivery } = loaderData;
  const product = deserialize(loaderData.product);
  const related = deserialize(loaderData.related);
  const compare = useFeature("compare");
  // The gallery shows the chosen colour's images: the address's choice at first, then each new one
  // (kept per product and address choice, as ProductPurchase's own choice is).
  const choiceKey = `${product.id}:${initialVariantId}`;
  const [chosenColour, setChosenColour] = useState<{ key: string; colour: string } | null>(null);
  const colour =
    chosenColour?.key === choiceKey
      ? chosenColour.colour
      : (product.variants.find((v) => v.id === initialVariantId)?.colour ?? null);
  const categoryPath = `/shop/${product.category.slug}`;
  const trail: Crumb[] = [
    { label: "Home", to: "/" },
    { label: "Shop", to: "/shop" },
    { label: product.category.name, to: categoryPath },
    ...(product.subCategory ? [{ label: product.subCategory.name, to: `${categoryPath}/sub/${product.subCategory.slug}` }] : []),
    { label: product.name },
  ];
  const attributes = Object.entries(product.attributes);
  const structured = productJsonLd({
    product,
    variant: product.variants.find((v) => v.id === initialVariantId) ?? product.variants[0]!,
    url: `${publicUrl}${productPath(product)}`,
    images: product.images.map((image) => `${publicUrl}${shareImage(image.path)}`),
    currency,
  });

  return (
    <div className="container-page py-8">
      <Breadcrumbs trail={trail} />
      <div className="product">
        <Gallery key={`${product.id}:${colour}`} images={product.images} productName={product.name} colour={colour} />
        <div className="product-details">
          <Link to={`/brands/${product.brand.slug}`} className="product-brand">
            {product.brand.name}
          </Link>
          <h1 className="product-name">{product.name}</h1>
          <ProductPurchase
            key={`${product.id}:${initialVariantId}`}
            productId={product.id}
            variants={product.variants}
            initialVariantId={initialVariantId}
            currency={currency}
            optionNames={product.optionNames}
            customerEmail={customerEmail}
            backInStock={actionData}
            productName={product.name}
            delivery={delivery}
            onChoose={(variant) => setChosenColour({ key: choiceKey, colour: variant.colour })}
          >
            {compare && <CompareToggle productId={product.id} productName={product.name} />}
          </ProductPurchase>
          <section aria-labelledby="description-title" className="product-description">
            <h2 id="description-title" className="sr-only">
              Description
            </h2>
            <p>{product.description}</p>
            {attributes.length > 0 && (
              <dl className="product-attributes">
                {attributes.map(([name, value]) => (
                  <div key={name}>
                    <dt>{name}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
          <InformationBlocks sections={information} />
        </div>
      </div>
      <RelatedProducts products={related} currency={currency} />
      {/* Escaped so no text in it can end the script element (product-json-ld.ts). */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(structured) }} />
    </div>
  );
}
