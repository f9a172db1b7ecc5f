import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/product-new";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { productValues } from "~/components/admin/product-editor/form-values";
import { OptionMatrix } from "~/components/admin/product-editor/option-matrix";
import { ProductFields } from "~/components/admin/product-editor/product-fields";
import { Link } from "~/components/ui/link";
import { staffScope } from "~/lib/admin-actions.server";
import { formFailure, formFields } from "~/lib/forms.server";
import { currencySymbol } from "~/lib/money";
import { nestedFields } from "~/lib/nested-fields";
import type { RouteHandle } from "~/lib/route-handle";
import { editorPathOf } from "../../../server/modules/product-editor/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * A new product (issue 25 §1, ADR 63): its details and, if wished, its first options as a matrix
 * of sizes × colours. Created, the editor opens on it. Without JavaScript the Preview button
 * posts the form and it comes back as typed, with the description rendered as the shop shows it.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = () => [{ title: "New product · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  return { choices: await context.services.productEditor.choices(context), currency: context.env.currency };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const editor = context.services.productEditor;
  if (fields.intent === "preview") {
    return { ok: true as const, preview: editor.preview(fields["product.description"] ?? ""), values: fields };
  }
  if (fields.intent !== "create") throw data(null, { status: 400 });
  try {
    const created = await editor.create(staffScope(context), nestedFields(fields, ["product", "options"]));
    return redirect(`${editorPathOf(created.id)}?created=1`);
  } catch (error) {
    return formFailure(error, fields);
  }
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, currency } = loaderData;
  const failure = failureOf(actionData);
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const values = failure?.values ?? (actionData && "values" in actionData ? actionData.values : null) ?? productValues(null);
  const errors = failure?.fieldErrors ?? {};
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  return (
    <div ref={page} className="flex max-w-4xl flex-col gap-4">
      <div>
        <p className="text-sm">
          <Link to="/admin/products" className="text-link">
            Products
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">New product</h1>
      </div>
      <FormNotices
        message={null}
        failure={failure}
        shown={Object.keys(errors).filter((name) => /^(product|options)\./.test(name))}
      />
      <Form method="post" noValidate className="flex flex-col gap-6">
        {/* Enter in a field creates (the form's first button), not the preview further down. */}
        <button type="submit" name="intent" value="create" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <Panel title="Details">
          <ProductFields choices={choices} values={values} errors={errors} archived={false} preview={preview} path={null} />
        </Panel>
        <Panel title="Options (optional: they can be made later)">
          <OptionMatrix values={values} errors={errors} currencySymbol={currencySymbol(currency)} />
        </Panel>
        <button type="submit" name="intent" value="create" className="button-primary self-start" disabled={busy}>
          Create the product
        </button>
      </Form>
    </div>
  );
}
