import { TextField } from "~/components/ui/text-field";
import type { EditorChoices } from "../../../../server/modules/product-editor/index.ts";
import { MAX_OPTION_NAME, SHOP_TIME_ZONE } from "../../../../server/modules/product-editor/shared.ts";
import { DescriptionField } from "./description-field";
import { Choice, ChoiceGroup, SelectField } from "./fields";
import { ticked, type FormValues } from "./form-values";

/**
 * A product's details in the editor (issue 25 §1, ADR 63): title, address, description with its
 * preview, brand and categories, the filter attributes, search texts, who may buy it and when it
 * goes on the shop. Fields are named as the use case's input ("product.name", ...), so its field
 * errors land beside them. `archived`: the product is off the shop; it is published again only
 * after it is restored as a draft, so the publishing choice is not offered.
 */
export function ProductFields({
  choices,
  values,
  errors,
  archived,
  preview,
  path,
}: {
  choices: EditorChoices;
  values: FormValues;
  errors: Readonly<Record<string, string>>;
  archived: boolean;
  /** The description as the shop shows it, after the Preview button (sanitised HTML). */
  preview: string | null;
  /** The product's page on the shop; null for a new product. */
  path: string | null;
}) {
  const v = (name: string) => values[`product.${name}`] ?? "";
  const e = (name: string) => errors[`product.${name}`];
  const publish = v("publish") || "draft";
  const access = v("access") || "everyone";
  return (
    <div className="flex flex-col gap-4">
      <TextField label="Title" name="product.name" defaultValue={v("name")} error={e("name")} required maxLength={200} />
      <TextField
        label="Address (slug)"
        name="product.slug"
        defaultValue={v("slug")}
        error={e("slug")}
        maxLength={120}
        hint={
          <>
            Lower-case words joined by hyphens. Empty: made from the title.
            {path && <> Now: {path}. A changed address keeps the old one leading here.</>}
          </>
        }
      />
      <DescriptionField value={v("description")} error={e("description")} preview={preview} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Brand" name="product.brandId" defaultValue={v("brandId")} error={e("brandId")} required>
          <option value="">Choose…</option>
          {choices.brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Category" name="product.categoryId" defaultValue={v("categoryId")} error={e("categoryId")} required>
          <option value="">Choose…</option>
          {choices.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sub-category"
          name="product.subCategoryId"
          defaultValue={v("subCategoryId")}
          error={e("subCategoryId")}
          hint="One of the chosen category's."
        >
          <option value="">None</option>
          {choices.categories
            .filter((category) => category.subs.length > 0)
            .map((category) => (
              <optgroup key={category.id} label={category.name}>
                {category.subs.map((sub) => (
                  <option key={sub.id} value={sub.id}>
                    {sub.name}
                  </option>
                ))}
              </optgroup>
            ))}
        </SelectField>
      </div>
      {choices.attributes.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">Filters</h3>
          {choices.attributes.map((attribute) =>
            attribute.kind === "choice" ? (
              <ChoiceGroup key={attribute.key} legend={attribute.name} error={e(`attributes.${attribute.key}`)}>
                <Choice
                  type="radio"
                  name={`product.attributes.${attribute.key}`}
                  value=""
                  label="None"
                  checked={!v(`attributes.${attribute.key}`)}
                />
                {attribute.values.map((value) => (
                  <Choice
                    key={value}
                    type="radio"
                    name={`product.attributes.${attribute.key}`}
                    value={value}
                    label={value}
                    checked={v(`attributes.${attribute.key}`) === value}
                  />
                ))}
              </ChoiceGroup>
            ) : (
              <ChoiceGroup
                key={attribute.key}
                legend={attribute.name}
                hint="Any number."
                error={e(`attributes.${attribute.key}`)}
              >
                {attribute.values.map((value, i) => (
                  <Choice
                    key={value}
                    type="checkbox"
                    name={`product.attributes.${attribute.key}.${i}`}
                    value={value}
                    label={value}
                    checked={ticked(values, attribute.key, value)}
                  />
                ))}
              </ChoiceGroup>
            ),
          )}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Size is called"
          name="product.sizeName"
          defaultValue={v("sizeName")}
          error={e("sizeName")}
          maxLength={MAX_OPTION_NAME}
          hint="What its product page calls the options' sizes, such as Volume for a bag. Empty: Size."
        />
        <TextField
          label="Colour is called"
          name="product.colourName"
          defaultValue={v("colourName")}
          error={e("colourName")}
          maxLength={MAX_OPTION_NAME}
          hint="Such as Colourway or Finish. Empty: Colour."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Search title"
          name="product.seoTitle"
          defaultValue={v("seoTitle")}
          error={e("seoTitle")}
          maxLength={120}
          hint="What search engines show as the title. Empty: the product's title."
        />
        <TextField
          label="Search description"
          name="product.seoDescription"
          defaultValue={v("seoDescription")}
          error={e("seoDescription")}
          maxLength={320}
          hint="Empty: the start of the description."
        />
      </div>
      <ChoiceGroup legend="Who may buy it" error={e("access")}>
        <Choice type="radio" name="product.access" value="everyone" label="Everyone" checked={access === "everyone"} />
        <Choice type="radio" name="product.access" value="members" label="Members only" checked={access === "members"} />
        <Choice
          type="radio"
          name="product.access"
          value="early"
          label="Members first (early access), then everyone"
          checked={access === "early"}
        />
      </ChoiceGroup>
      <TextField
        label={`Opens to everyone at (${SHOP_TIME_ZONE})`}
        name="product.publicAt"
        type="datetime-local"
        defaultValue={v("publicAt")}
        error={e("publicAt")}
        hint="For early access only: members-only until then."
      />
      {archived ? (
        <>
          <input type="hidden" name="product.publish" value="draft" />
          <p className="text-sm text-grey-600">Archived: off the shop. Restore it as a draft to publish it again.</p>
        </>
      ) : (
        <>
          <ChoiceGroup legend="On the shop" error={e("publish")}>
            <Choice type="radio" name="product.publish" value="now" label="Publish now" checked={publish === "now"} />
            <Choice
              type="radio"
              name="product.publish"
              value="at"
              label="Publish at a date and time"
              checked={publish === "at"}
            />
            <Choice type="radio" name="product.publish" value="draft" label="Keep as a draft" checked={publish === "draft"} />
          </ChoiceGroup>
          <TextField
            label={`Publish at (${SHOP_TIME_ZONE})`}
            name="product.publishAt"
            type="datetime-local"
            defaultValue={v("publishAt")}
            error={e("publishAt")}
            hint={`The shop's time zone is ${SHOP_TIME_ZONE}. Used with "Publish at a date and time".`}
          />
        </>
      )}
    </div>
  );
}
