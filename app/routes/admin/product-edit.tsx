import { useRef } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/product-edit";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { optionValues, productValues, type FormValues } from "~/components/admin/product-editor/form-values";
import { OptionMatrix } from "~/components/admin/product-editor/option-matrix";
import { OptionRows } from "~/components/admin/product-editor/option-rows";
import { ProductActions } from "~/components/admin/product-editor/product-actions";
import { ProductFields } from "~/components/admin/product-editor/product-fields";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { currencySymbol } from "~/lib/money";
import { nestedFields } from "~/lib/nested-fields";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { editorPathOf, optionNamesOf, PRODUCT_STATUS_WORDS } from "../../../server/modules/product-editor/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A product in the editor (issue 25 §1, ADR 63): its details, its options row by row, options
 * made as a matrix, and duplicating, archiving or restoring it. Each is a form of its own that
 * carries the product's version: a page read before another change is refused (409) saying who
 * changed it, with what was typed kept.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.product.name ?? "Product"} · Back office` }];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const editor = context.services.productEditor;
  const product = await editor.product(context, params.id).catch((error: unknown) => {
    const code = (error as { code?: string }).code;
    if (code === "PRODUCT_NOT_FOUND" || code === "INVALID_INPUT") throw new Response(null, { status: 404 });
    throw error;
  });
  return { product, choices: await editor.choices(context), currency: context.env.currency };
}

const DONE: Readonly<Record<string, string>> = {
  "save-product": "Saved: the shop shows the change now.",
  "save-options": "Options saved: the shop shows them now.",
  "add-options": "Options made, with no stock yet: add it on the stock page.",
  archive: "Archived: it is off the shop. Its orders keep their lines.",
  restore: "Restored as a draft.",
};

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const editor = context.services.productEditor;
  const staff = staffScope(context);
  const intent = fields.intent ?? "";
  const versioned = { version: fields.version };
  try {
    switch (intent) {
      case "preview":
        return { ok: true as const, preview: editor.preview(fields["product.description"] ?? ""), values: fields, message: null };
      case "save-product":
        await editor.update(staff, params.id, { ...versioned, ...nestedFields(fields, ["product"]) });
        break;
      case "save-options":
        await editor.update(staff, params.id, { ...versioned, ...nestedFields(fields, ["variants"]) });
        break;
      case "add-options":
        await editor.update(staff, params.id, { ...versioned, ...nestedFields(fields, ["options"]) });
        break;
      case "remove-option": {
        const removed = await editor.removeOption(staff, params.id, { ...versioned, variantId: fields.variantId });
        const message =
          removed.removed === "archived"
            ? `${removed.sku} archived: orders name it, so it is kept for them.`
            : `${removed.sku} removed.`;
        return { ok: true as const, message, preview: null, values: null };
      }
      case "restore-option": {
        const restored = await editor.restoreOption(staff, params.id, { ...versioned, variantId: fields.variantId });
        return { ok: true as const, message: `${restored.sku} is on sale again.`, preview: null, values: null };
      }
      case "duplicate": {
        const copy = await editor.duplicate(staff, params.id);
        return redirect(`${editorPathOf(copy.id)}?duplicated=1`);
      }
      case "archive":
        await editor.archive(staff, params.id, versioned);
        break;
      case "restore":
        await editor.restore(staff, params.id, versioned);
        break;
      default:
        throw data(null, { status: 400 });
    }
    return { ok: true as const, message: DONE[intent]!, preview: null, values: null };
  } catch (error) {
    if ((error as { code?: string }).code === "PRODUCT_NOT_FOUND") throw data(null, { status: 404 });
    return refusedForm(context, error, fields, { entityType: "product", entityId: params.id, unchanging: [] });
  }
}

// After a refusal because the product changed (409), the page reads it again as it is now.
export const shouldRevalidate = revalidateAfterRefusal;

const ARRIVED: Readonly<Record<string, string>> = {
  created: "Created. Add options, images and stock, then publish it.",
  duplicated: "This is the copy, a draft: its options have new SKUs and no stock or barcodes, and it has no images yet.",
};

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, choices, currency } = loaderData;
  const failure = failureOf(actionData);
  const done = actionData && "message" in actionData ? actionData : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const [search] = useSearchParams();
  const arrived = Object.keys(ARRIVED).find((key) => search.get(key) === "1");
  const symbol = currencySymbol(currency);
  // The form that came back shows what was typed; the others show the product as it is now.
  const typed = failure?.values ?? done?.values ?? null;
  const sent = typed?.intent === "preview" ? "save-product" : typed?.intent;
  const valuesFor = (intent: string, saved: FormValues) => (typed && sent === intent ? typed : saved);
  const errorsFor = (intent: string) => (failure && sent === intent ? failure.fieldErrors : {});
  const shown = Object.keys(failure?.fieldErrors ?? {}).filter((name) => /^(product|options|variants\.\d+)\./.test(name));
  return (
    <div ref={page} className="flex max-w-5xl flex-col gap-4">
      <div>
        <p className="text-sm">
          <Link to="/admin/products" className="text-link">
            Products
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{product.name}</h1>
        <p className="text-sm text-grey-600">
          {PRODUCT_STATUS_WORDS[product.status]}
          {product.status === "scheduled" && product.publishAt && ` for ${product.publishAt.slice(0, 16).replace("T", " ")} UTC`}
          {product.status === "published" && (
            <>
              {" · "}
              <Link to={product.path} className="text-link">
                See it on the shop
              </Link>
            </>
          )}
          {" · "}
          <Link to={`/admin/products/${product.id}/images`} className="text-link">
            Images
          </Link>
        </p>
      </div>
      <FormNotices message={done?.message ?? (arrived ? ARRIVED[arrived] : null)} failure={failure} shown={shown} />
      <Panel title="Details">
        <Form key={product.version} method="post" noValidate className="flex flex-col gap-4">
          {/* Enter in a field saves (the form's first button), not the preview further down. */}
          <button type="submit" name="intent" value="save-product" className="sr-only" tabIndex={-1} aria-hidden="true" />
          <input type="hidden" name="version" value={product.version} />
          <ProductFields
            choices={choices}
            values={valuesFor("save-product", productValues(product))}
            errors={errorsFor("save-product")}
            archived={product.status === "archived"}
            preview={done?.preview ?? null}
            path={product.path}
          />
          <button type="submit" name="intent" value="save-product" className="button-primary self-start" disabled={busy}>
            Save the details
          </button>
        </Form>
      </Panel>
      <Panel title="Options">
        <OptionRows
          key={product.version}
          productId={product.id}
          options={product.options}
          values={valuesFor("save-options", optionValues(product.options, currency))}
          errors={errorsFor("save-options")}
          version={product.version}
          busy={busy}
          currencySymbol={symbol}
          names={optionNamesOf(product.optionNames)}
        />
      </Panel>
      <Panel title="Make options: sizes × colours">
        <Form key={product.version} method="post" noValidate className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="add-options" />
          <input type="hidden" name="version" value={product.version} />
          <OptionMatrix values={valuesFor("add-options", {})} errors={errorsFor("add-options")} currencySymbol={symbol} />
          <button type="submit" className="button-secondary self-start" disabled={busy}>
            Make the options
          </button>
        </Form>
      </Panel>
      <Panel title="Product">
        <ProductActions status={product.status} version={product.version} busy={busy} />
      </Panel>
    </div>
  );
}
