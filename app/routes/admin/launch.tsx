import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/launch";
import { failureOf } from "~/components/account-page";
import { TextArea } from "~/components/admin/catalogue-forms";
import { FormNotices } from "~/components/admin/form-notices";
import { Panel } from "~/components/admin/panel";
import { shopMoment } from "~/components/admin/promotion-words";
import { failureFor, SettingsForm } from "~/components/admin/settings-form";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { refusedForm, staffScope } from "~/lib/admin-actions.server";
import { formFields } from "~/lib/forms.server";
import { revalidateAfterRefusal } from "~/lib/refused-form";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";
import { SHOP_TIME_ZONE } from "../../../server/modules/promotions/shared.ts";
import type { LaunchText } from "../../../server/modules/site/shared.ts";
import { mayOpen } from "../../../server/modules/staff-access/shared.ts";

/*
 * The launch (issue 26 §3, ADR 76): when it is (in the shop's time zone), the launch page's
 * headline and text, for editors ("content"); and launch mode, the block-page guard's switch that
 * sends every shopper to /launch, for those who may change how the shop works ("settings"). The
 * page's other blocks (the sign-up, products) are the page's own, edited with the pages.
 */

export const handle: RouteHandle = { backOffice: "content" };

export const meta: Route.MetaFunction = () => [{ title: "Launch · Back office" }];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const [stored, entry] = await Promise.all([
    context.services.site.edit(context),
    context.services.pages.page("launch", { member: true }),
  ]);
  const mode = stored.flags.find((flag) => flag.key === "launch")!;
  const countdown = entry?.blocks.find((block) => block.kind === "countdown");
  return {
    launch: stored.parts.launch.value as LaunchText,
    version: stored.parts.launch.version,
    mode: { enabled: mode.enabled, version: mode.version },
    mayChangeMode: mayOpen(context.session!.user, "settings"),
    // What the launch page shows where the launch leaves a part empty.
    page: entry && {
      title: entry.title,
      description: entry.description,
      until: countdown && "until" in countdown ? countdown.until : null,
    },
  };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const staff = staffScope(context);
  try {
    if (fields.intent === "save-launch") {
      const { changed } = await context.services.site.changePart(staff, "launch", fields);
      return { ok: true as const, message: changed ? "The launch page is saved." : "Nothing changed." };
    }
    if (fields.intent === "set-mode") {
      // Launch mode changes the whole shop: "settings", as on the flags page.
      if (!mayOpen(context.session!.user, "settings")) throw data(null, { status: 404 });
      await context.services.site.setFlag(staff, { key: "launch", enabled: fields.enabled, version: fields.version });
      return { ok: true as const, message: fields.enabled === "on" ? "Launch mode is on." : "Launch mode is off." };
    }
  } catch (error) {
    const mode = fields.intent === "set-mode";
    return refusedForm(context, error, fields, {
      entityType: mode ? "feature-flag" : "site",
      entityId: "launch",
      unchanging: [],
    });
  }
  throw data(null, { status: 400 });
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function AdminLaunch({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const { launch, version, mode, mayChangeMode, page } = loaderData;
  const form = failureFor(failure, "launch");
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Launch</h1>
        <p className="mt-1 max-w-prose text-sm text-grey-700">
          What{" "}
          <Link to="/launch" className="text-link">
            the launch page
          </Link>{" "}
          says: when the launch is, its headline and its text. Its other parts (the sign-up form, the products) are the
          page&rsquo;s own.
        </p>
      </div>
      <FormNotices
        message={message}
        failure={failure}
        shown={failure?.values.form === "launch" ? ["at", "headline", "text"] : []}
      />
      <Panel title="The launch page">
        <SettingsForm formKey="launch" intent="save-launch" hidden={{ version }} submit="Save the launch page">
          <div className="flex flex-col gap-3 sm:max-w-lg">
            <TextField
              label={`Launch date and time (${SHOP_TIME_ZONE})`}
              name="at"
              type="datetime-local"
              defaultValue={form.value("at", launch.at ? launch.at.slice(0, 16) : "")}
              error={form.error("at")}
              hint={`In the shop's time zone, ${SHOP_TIME_ZONE}. The countdown ends then.${
                page?.until && !launch.at ? ` Empty: the page's own, ${shopMoment(page.until)}.` : ""
              }`}
            />
            <TextField
              label="Headline"
              name="headline"
              maxLength={120}
              defaultValue={form.value("headline", launch.headline ?? "")}
              error={form.error("headline")}
              hint={page && !launch.headline ? `Empty: the page's own title, "${page.title}".` : undefined}
            />
            <TextArea
              label="Text"
              name="text"
              rows={4}
              defaultValue={form.value("text", launch.text ?? "")}
              error={form.error("text")}
              hint={
                page && !launch.text && page.description
                  ? `Up to 600 characters, under the headline. Empty: the page's own, "${page.description}".`
                  : "Up to 600 characters, under the headline."
              }
            />
          </div>
        </SettingsForm>
      </Panel>
      <Panel title="Launch mode">
        <p className="max-w-prose text-sm text-grey-700">
          {mode.enabled
            ? "On: every shop page sends shoppers to the launch page. The policies, logging in and the newsletter stay open; signed-in staff see the whole shop."
            : "Off: the shop is open. On, every shop page sends shoppers to the launch page until it is turned off again."}
        </p>
        {mayChangeMode ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="set-mode" />
            <input type="hidden" name="version" value={mode.version} />
            <input type="hidden" name="enabled" value={mode.enabled ? "off" : "on"} />
            <button type="submit" className="button-secondary" disabled={busy}>
              {mode.enabled ? "Turn launch mode off" : "Turn launch mode on"}
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-sm text-grey-600">The owner, or staff with the settings scope, switch launch mode.</p>
        )}
      </Panel>
    </div>
  );
}
