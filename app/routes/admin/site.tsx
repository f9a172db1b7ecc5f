import { data } from "react-router";
import type { Route } from "./+types/site";
import { failureOf } from "~/components/account-page";
import { TextArea } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { failureFor } from "~/components/admin/settings-form";
import { AddressRule, LinkRow, PartForm, RowButtons, RowFormButton } from "~/components/admin/site-forms";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { nestedFields } from "~/lib/nested-fields";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";
import {
  SITE_PARTS,
  type Contact,
  type Footer,
  type Navigation,
  type SitePart,
  type Social,
  type Trust,
} from "../../../server/modules/site/shared.ts";

/*
 * The site's own data (issue 26 §4, ADR 76): the header's menu, the footer's columns, the
 * contact details, the trust bar and the social links, each a form of its own that works
 * without JavaScript. Every page shows a change at the next request, and GET /data answers it.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = () => [{ title: "Site · Back office" }];

/** The list each part's form sends its rows in. */
const ROWS: Record<SitePart, string | null> = {
  navigation: "items",
  footer: "columns",
  contact: null,
  trust: "items",
  social: "links",
};

/** The names of the fields the forms show (a list's own error, such as too many rows, has none). */
const FIELD = /(?:^|\.)(?:label|href|title|text|name|url|email|phone|address|hours)$/;

const SAVED: Record<SitePart, string> = {
  navigation: "The menu is saved: the shop's header shows it now.",
  footer: "The footer is saved.",
  contact: "The contact details are saved.",
  trust: "The trust bar is saved.",
  social: "The social links are saved.",
};

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { parts } = await context.services.site.edit(context);
  return {
    navigation: { ...(parts.navigation.value as Navigation), version: parts.navigation.version },
    footer: { ...(parts.footer.value as Footer), version: parts.footer.version },
    contact: { ...(parts.contact.value as Contact), version: parts.contact.version },
    trust: { ...(parts.trust.value as Trust), version: parts.trust.version },
    social: { ...(parts.social.value as Social), version: parts.social.version },
  };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const part = fields.form as SitePart;
  if (!(SITE_PARTS as readonly string[]).includes(part)) throw data(null, { status: 400 });
  const { site } = context.services;
  const staff = staffScope(context);
  try {
    if (fields.intent === "save") {
      const list = ROWS[part];
      const raw = list ? { version: fields.version, ...nestedFields(fields, [list]) } : fields;
      const { changed } = await site.changePart(staff, part, raw);
      return { ok: true as const, message: changed ? SAVED[part] : "Nothing changed." };
    }
    if (fields.intent === "row") {
      const { changed } = await site.changePartRow(staff, part, fields);
      return { ok: true as const, message: changed ? SAVED[part] : "Nothing changed." };
    }
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "site", entityId: part, unchanging: [] });
  }
  throw data(null, { status: 400 });
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminSite({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const { navigation, footer, contact, trust, social } = loaderData;
  const form = (part: SitePart) => failureFor(failure, part);
  // A refusal's field errors show by their fields; one of a whole list (too many rows) shows above.
  const shown = failure ? Object.keys(failure.fieldErrors).filter((name) => FIELD.test(name)) : [];
  const hasCategories = navigation.items.some((item) => item.kind === "categories");
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Site</h1>
        <p className="mt-1 max-w-prose text-sm text-grey-700">
          What every page shows around its content. The shop shows a change at once; apps read the same at{" "}
          <a href="/data" className="text-link">
            /data
          </a>
          . The launch is on{" "}
          <Link to="/admin/launch" className="text-link">
            its own page
          </Link>
          .
        </p>
        <nav aria-label="Parts of the site" className="mt-2 flex flex-wrap gap-4 text-sm">
          {[
            ["#navigation", "Menu"],
            ["#footer", "Footer"],
            ["#contact", "Contact"],
            ["#trust", "Trust bar"],
            ["#social", "Social links"],
          ].map(([href, label]) => (
            <a key={href} href={href} className="text-link">
              {label}
            </a>
          ))}
        </nav>
      </div>
      <FormNotices message={message} failure={failure} shown={shown} />

      <div id="navigation">
        <Panel title="Menu (the header's navigation)">
          <AddressRule />
          <PartForm part="navigation" version={navigation.version} submit="Save the menu">
            <ol className="flex flex-col gap-3">
              {navigation.items.map((item, i) => {
                const last = i === navigation.items.length - 1;
                const label = item.kind === "categories" ? "the categories" : `menu item ${item.label}`;
                const buttons = <RowButtons part="navigation" path={String(i)} label={label} first={i === 0} last={last} />;
                return (
                  <li key={i}>
                    <input type="hidden" name={`items.${i}.kind`} value={item.kind} />
                    {item.kind === "categories" ? (
                      <div className="flex flex-col gap-2 rounded-md border border-grey-200 p-3">
                        <p className="text-sm">
                          <span className="font-medium">The catalogue&rsquo;s categories</span>, each with its sub-categories, in
                          their{" "}
                          <Link to="/admin/catalogue" className="text-link">
                            menu order
                          </Link>
                          .
                        </p>
                        {buttons}
                      </div>
                    ) : (
                      <LinkRow
                        legend={`Menu item ${i + 1}`}
                        names={[`items.${i}.label`, `items.${i}.href`]}
                        values={[item.label, item.href]}
                        form={form("navigation")}
                        buttons={buttons}
                      />
                    )}
                  </li>
                );
              })}
              <li>
                <input type="hidden" name={`items.${navigation.items.length}.kind`} value="link" />
                <LinkRow
                  legend="New menu item"
                  names={[`items.${navigation.items.length}.label`, `items.${navigation.items.length}.href`]}
                  values={["", ""]}
                  form={form("navigation")}
                />
              </li>
            </ol>
          </PartForm>
          {!hasCategories && (
            <p className="mt-3">
              <RowFormButton part="navigation" op="add-categories">
                Add the catalogue&rsquo;s categories
              </RowFormButton>
            </p>
          )}
        </Panel>
      </div>

      <div id="footer">
        <Panel title="Footer columns">
          <AddressRule />
          <PartForm part="footer" version={footer.version} submit="Save the footer">
            {footer.columns.map((column, c) => (
              <fieldset key={c} className="flex flex-col gap-3 rounded-md border border-grey-300 p-3">
                <legend className="px-1 text-sm font-semibold">Column {c + 1}</legend>
                <TextField
                  label="Title"
                  name={`columns.${c}.title`}
                  defaultValue={form("footer").value(`columns.${c}.title`, column.title)}
                  error={form("footer").error(`columns.${c}.title`)}
                />
                <RowButtons
                  part="footer"
                  path={String(c)}
                  label={`column ${column.title}`}
                  first={c === 0}
                  last={c === footer.columns.length - 1}
                  removeLabel="Remove column"
                />
                <ol className="flex flex-col gap-2">
                  {column.links.map((link, l) => (
                    <li key={l}>
                      <LinkRow
                        legend={`Link ${l + 1}`}
                        names={[`columns.${c}.links.${l}.label`, `columns.${c}.links.${l}.href`]}
                        values={[link.label, link.href]}
                        form={form("footer")}
                        buttons={
                          <RowButtons
                            part="footer"
                            path={`${c}.${l}`}
                            label={`link ${link.label}`}
                            first={l === 0}
                            last={l === column.links.length - 1}
                          />
                        }
                      />
                    </li>
                  ))}
                  <li>
                    <LinkRow
                      legend={`New link in column ${c + 1}`}
                      names={[
                        `columns.${c}.links.${column.links.length}.label`,
                        `columns.${c}.links.${column.links.length}.href`,
                      ]}
                      values={["", ""]}
                      form={form("footer")}
                    />
                  </li>
                </ol>
              </fieldset>
            ))}
            <fieldset className="flex flex-col gap-3 rounded-md border border-dashed border-grey-300 p-3">
              <legend className="px-1 text-sm font-semibold">New column</legend>
              <TextField
                label="Title"
                name={`columns.${footer.columns.length}.title`}
                defaultValue={form("footer").value(`columns.${footer.columns.length}.title`, "")}
                error={form("footer").error(`columns.${footer.columns.length}.title`)}
              />
              <LinkRow
                legend="Its first link"
                names={[`columns.${footer.columns.length}.links.0.label`, `columns.${footer.columns.length}.links.0.href`]}
                values={["", ""]}
                form={form("footer")}
              />
            </fieldset>
          </PartForm>
        </Panel>
      </div>

      <div id="contact">
        <Panel title="Contact details">
          <PartForm part="contact" version={contact.version} submit="Save the contact details">
            <div className="flex flex-col gap-3 sm:max-w-lg">
              <TextField
                label="E-mail address"
                name="email"
                type="email"
                defaultValue={form("contact").value("email", contact.email ?? "")}
                error={form("contact").error("email")}
              />
              <TextField
                label="Telephone"
                name="phone"
                type="tel"
                defaultValue={form("contact").value("phone", contact.phone ?? "")}
                error={form("contact").error("phone")}
              />
              <TextArea
                label="Address (a line each)"
                name="address"
                rows={3}
                defaultValue={form("contact").value("address", contact.address.join("\n"))}
                error={form("contact").error("address")}
              />
              <TextField
                label="Opening hours"
                name="hours"
                defaultValue={form("contact").value("hours", contact.hours ?? "")}
                error={form("contact").error("hours")}
                hint="Such as: Monday to Friday, 9:00 to 17:00. Empty: not shown."
              />
            </div>
          </PartForm>
        </Panel>
      </div>

      <div id="trust">
        <Panel title="Trust bar">
          <AddressRule>
            Each item may link to a path of the shop (/returns-policy) or an https:// address, or to nothing.
          </AddressRule>
          <PartForm part="trust" version={trust.version} submit="Save the trust bar">
            <ol className="flex flex-col gap-2">
              {[...trust.items, null].map((item, i) => (
                <li key={i}>
                  <LinkRow
                    legend={item ? `Item ${i + 1}` : "New item"}
                    names={[`items.${i}.text`, `items.${i}.href`]}
                    values={[item?.text ?? "", item?.href ?? ""]}
                    form={form("trust")}
                    buttons={
                      item && (
                        <RowButtons
                          part="trust"
                          path={String(i)}
                          label={`item ${item.text}`}
                          first={i === 0}
                          last={i === trust.items.length - 1}
                        />
                      )
                    }
                  />
                </li>
              ))}
            </ol>
          </PartForm>
        </Panel>
      </div>

      <div id="social">
        <Panel title="Social links">
          <AddressRule>
            Each profile&rsquo;s https:// address; it opens through the shop&rsquo;s notice for links that leave it.
          </AddressRule>
          <PartForm part="social" version={social.version} submit="Save the social links">
            <ol className="flex flex-col gap-2">
              {[...social.links, null].map((link, i) => (
                <li key={i}>
                  <LinkRow
                    legend={link ? `Link ${i + 1}` : "New link"}
                    names={[`links.${i}.name`, `links.${i}.url`]}
                    values={[link?.name ?? "", link?.url ?? ""]}
                    labels={["Network", "Profile address"]}
                    form={form("social")}
                    buttons={
                      link && (
                        <RowButtons
                          part="social"
                          path={String(i)}
                          label={`link ${link.name}`}
                          first={i === 0}
                          last={i === social.links.length - 1}
                        />
                      )
                    }
                  />
                </li>
              ))}
            </ol>
          </PartForm>
        </Panel>
      </div>
    </div>
  );
}
