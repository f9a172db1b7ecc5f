import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/flags";
import { failureOf } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { Link } from "~/components/ui/link";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";
import { KNOWN_FLAGS } from "../../../server/modules/site/shared.ts";
import { shopMoment } from "~/components/admin/promotion-words";

/*
 * The shop's feature flags (issue 26 §3, ADR 76): each with what it does, on or off. They change
 * how the shop works for every visitor, so they are the "settings" scope's (the owner's, and
 * staff given it), like the content API's writes of the `feature-flags` collection. Each switch
 * is a form of its own carrying the flag's version; the change is audited and shows at once.
 */

export const handle: RouteHandle = { backOffice: "settings" };

export const meta: Route.MetaFunction = () => [{ title: "Feature flags · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const stored = await context.services.site.edit(context);
  const flags = stored.flags.map((flag) => {
    const known = KNOWN_FLAGS.find((each) => each.key === flag.key);
    return {
      key: flag.key,
      label: known?.label ?? flag.key,
      does: known?.does ?? (flag.description || "A flag the shop's code does not read (made through the content API)."),
      enabled: flag.enabled,
      version: flag.version,
    };
  });
  return { flags, analyticsConfigured: context.env.analytics !== undefined };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  if (fields.intent !== "set-flag") throw data(null, { status: 400 });
  try {
    const { changed } = await context.services.site.setFlag(staffScope(context), fields);
    const word = fields.enabled === "on" ? "on" : "off";
    return { ok: true as const, message: changed ? `${fields.key} is ${word}.` : `${fields.key} was ${word} already.` };
  } catch (error) {
    return refusedForm(context, error, fields, { entityType: "feature-flag", entityId: fields.key ?? "", unchanging: [] });
  }
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminFlags({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const { flags, analyticsConfigured } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Feature flags</h1>
        <p className="mt-1 max-w-prose text-sm text-grey-700">
          Switch whole parts of the shop on or off. A change shows on the shop at the next page anyone opens.
        </p>
      </div>
      <FormNotices message={message} failure={failure} shown={[]} />
      <ul className="flex flex-col gap-3">
        {flags.map((flag) => (
          <li key={flag.key} className="rounded-lg border border-grey-200 bg-white p-4" data-testid={`flag-${flag.key}`}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="font-semibold">
                {flag.label} <code className="ml-1 text-xs font-normal text-grey-600">{flag.key}</code>
              </h2>
              <div className="flex items-center gap-3 text-sm">
                <span
                  className={`rounded px-2 py-0.5 text-xs font-semibold uppercase ${flag.enabled ? "bg-mint-50 text-mint-800" : "bg-grey-100 text-grey-700"}`}
                >
                  {flag.enabled ? "On" : "Off"}
                </span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="set-flag" />
                  <input type="hidden" name="key" value={flag.key} />
                  <input type="hidden" name="version" value={flag.version} />
                  <input type="hidden" name="enabled" value={flag.enabled ? "off" : "on"} />
                  <button type="submit" className="button-secondary" disabled={busy}>
                    {flag.enabled ? `Turn ${flag.label} off` : `Turn ${flag.label} on`}
                  </button>
                </Form>
              </div>
            </div>
            <p className="mt-2 max-w-prose text-sm text-grey-700">{flag.does}</p>
            {flag.key === "analytics" && !analyticsConfigured && (
              <p className="mt-1 text-sm text-grey-600">
                No analytics tool is configured now: this switch does nothing until one is.
              </p>
            )}
            {flag.key === "launch" && (
              <p className="mt-1 text-sm">
                <Link to="/admin/launch" className="text-link">
                  The launch page
                </Link>
              </p>
            )}
            <p className="mt-1 text-xs text-grey-600">
              {flag.version ? `Last changed ${shopMoment(flag.version)}` : "Never changed: as the shop starts."}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
