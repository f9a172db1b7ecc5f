import { useRef } from "react";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/product-images";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { ImageList } from "~/components/admin/image-list";
import { ImageUpload } from "~/components/admin/image-upload";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formContents } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { IMAGES_FIELD } from "../../../server/modules/product-gallery/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A product's images (issue 25 §1, ADR 65): upload one or several (multipart, with or without
 * JavaScript), each described for those who cannot see it; order them by buttons (each a POST) or,
 * with JavaScript, by dragging; make one the main image; change a description; remove one. Every
 * form carries the product's version: a page read before another change is refused (409).
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.gallery.product.name ? `Images of ${data.gallery.product.name}` : "Images"} · Back office` },
];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const gallery = await context.services.productGallery.gallery(context, { productId: params.id }).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "PRODUCT_NOT_FOUND" || code === "INVALID_INPUT") throw new Response(null, { status: 404 });
    throw error;
  });
  return { gallery };
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  const staff = staffScope(context);
  const images = context.services.productGallery;
  const input = { ...fields, productId: params.id };
  try {
    switch (fields.intent) {
      case "upload": {
        const added = await images.uploadImages(staff, input, form.getAll(IMAGES_FIELD));
        return { ok: true as const, message: `${plural(added.length, "image")} added.` };
      }
      case "move":
        await images.moveImage(staff, input);
        return { ok: true as const, message: `Image moved ${fields.direction === "up" ? "up" : "down"}.` };
      case "reorder":
        await images.reorderImages(staff, input);
        return { ok: true as const, message: "New order saved." };
      case "main":
        await images.setMainImage(staff, input);
        return { ok: true as const, message: "Main image set: the shop shows it first." };
      case "alt":
        await images.editAlt(staff, input);
        return { ok: true as const, message: "Description saved." };
      case "remove":
        await images.removeImage(staff, input);
        return { ok: true as const, message: "Image removed." };
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "product", entityId: params.id, unchanging: [] });
  }
}

// After a refusal because the product changed, the page reads it again as it is now.
export const shouldRevalidate = revalidateAfterRefusal;

export default function ProductImages({ loaderData, actionData }: Route.ComponentProps) {
  const { product, images } = loaderData.gallery;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  // Until the page has read the product again after a change, its forms carry the old version.
  const busy = useNavigation().state !== "idle";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const intent = failure?.values.intent;
  // The fields each form shows its own errors beside; anything else is said above.
  const shown = intent === "upload" ? [IMAGES_FIELD, "alt"] : intent === "alt" ? ["alt"] : [];
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <p className="flex flex-wrap gap-x-4 text-sm">
          <Link to={`/admin/products/${product.id}`} className="text-link">
            Back to the product
          </Link>
          <Link to={product.shopPath} className="text-link">
            See it on the shop
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Images of {product.name}</h1>
        <p className="text-sm text-grey-600">
          The first image is the main one: the shop shows it on cards and first on the product's page.
        </p>
      </div>
      <FormNotices message={message} failure={failure} shown={shown} />
      <ImageList images={images} version={product.version} failure={intent === "alt" ? failure : null} busy={busy} />
      <ImageUpload version={product.version} failure={intent === "upload" ? failure : null} busy={busy} done={message} />
    </div>
  );
}
