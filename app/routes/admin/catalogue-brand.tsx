import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalogue-brand";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { ImageForm, MergeAndDelete, TextArea } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formContents } from "~/lib/forms.server";
import { logoImageSources } from "~/lib/media";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { productCount, SLUG_HINT } from "../../../server/modules/catalogue-structure/shared.ts";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * One brand (issue 25 §4, ADR 69), or a new one: name, slug (a change keeps the old brand page
 * answering 301), story, logo; merge into another brand or delete. Forms carry the version.
 */

export const handle: RouteHandle = { backOffice: "staff" };

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.brand?.name ?? "New brand"} · Back office` }];

export async function loader({ params, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  if (params.id === undefined) return { brand: null };
  const brand = await context.services.catalogueStructure.brand(context.db, params.id);
  if (!brand) throw new Response(null, { status: 404 });
  return { brand };
}

export async function action({ request, params, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { fields, form } = await formContents(request);
  const structure = context.services.catalogueStructure;
  const staff = staffScope(context);
  const target = { ...fields, id: params.id };
  try {
    if (params.id === undefined) {
      const created = await structure.createBrand(staff, fields);
      return redirect(`/admin/catalogue/brands/${created.id}`);
    }
    switch (fields.intent) {
      case "save":
        await structure.editBrand(staff, target);
        return { ok: true as const, message: "Saved: the shop shows it now." };
      case "set-logo":
        await structure.setBrandLogo(staff, target, form.get("logo"));
        return { ok: true as const, message: "Logo uploaded." };
      case "remove-logo":
        await structure.removeBrandLogo(staff, target);
        return { ok: true as const, message: "Logo removed." };
      case "merge":
        await structure.mergeBrand(staff, target);
        return redirect("/admin/catalogue#brands");
      case "delete":
        await structure.deleteBrand(staff, target);
        return redirect("/admin/catalogue#brands");
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "brand", entityId: params.id ?? "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminBrand({ loaderData, actionData }: Route.ComponentProps) {
  const { brand } = loaderData;
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  const saving = !failure || failure.values.intent === "save" || !brand;
  const value = (name: "name" | "slug" | "story") => (failure && saving ? failure.values[name] : brand?.[name]) ?? "";
  const fieldError = (name: string) => (saving ? failure?.fieldErrors[name] : undefined);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/admin/catalogue#brands" className="text-link">
            Catalogue
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">{brand ? brand.name : "New brand"}</h1>
        {brand && (
          <p className="text-sm text-grey-600">
            <Link to={brand.path} className="text-link">
              {brand.path}
            </Link>{" "}
            · {productCount(brand.products)}
          </p>
        )}
      </div>
      <FormNotices message={message} failure={failure} shown={saving ? ["name", "slug", "story"] : ["into", "logo"]} />
      <Panel title={brand ? "The brand" : "New brand"}>
        <Form method="post" className="flex flex-col gap-4 sm:max-w-lg" noValidate>
          <input type="hidden" name="intent" value="save" />
          {brand && <input type="hidden" name="version" value={brand.version} />}
          <TextField label="Name" name="name" required maxLength={80} defaultValue={value("name")} error={fieldError("name")} />
          <TextField
            label="Slug"
            name="slug"
            maxLength={80}
            defaultValue={value("slug")}
            error={fieldError("slug")}
            hint={brand ? "A new slug keeps the old brand page leading here." : SLUG_HINT}
          />
          <TextArea
            label="Story"
            name="story"
            rows={6}
            defaultValue={value("story")}
            error={fieldError("story")}
            hint="Shown on the brand's page."
          />
          <button type="submit" className="button-primary self-start" disabled={busy}>
            {brand ? "Save" : "Create the brand"}
          </button>
        </Form>
      </Panel>
      {brand && (
        <>
          <Panel title="Logo">
            <ImageForm
              label="New logo"
              field="logo"
              version={brand.version}
              current={brand.logoPath}
              preview={brand.logoPath ? logoImageSources(brand.logoPath, 160, 320).src : null}
              error={failure?.values.intent === "set-logo" ? failure.fieldErrors.logo : undefined}
              busy={busy}
              none="None: the shop shows the brand's name."
            />
          </Panel>
          <Panel title="Merge or delete">
            <MergeAndDelete
              what="brand"
              version={brand.version}
              products={brand.products}
              targets={brand.mergeTargets}
              failure={failure}
              busy={busy}
            />
          </Panel>
        </>
      )}
    </div>
  );
}
