import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/communication-preferences";
import { failureOf } from "~/components/account-page";
import { orderDate } from "~/components/account/order-table";
import { formFailure, formFields } from "~/lib/forms.server";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { siteNoticeCookie } from "~/lib/site-notice";
import { pageContext } from "../../../server/http/page-context.ts";

const PATH = "/my-account/communication-preferences";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), { title: "Communication preferences", description: "What we may send you, and how.", path: PATH });

const TOPICS = [
  { topic: "newsletter", label: "Newsletter", description: "New gear, offers and goalkeeping tips." },
  { topic: "member-news", label: "Member news", description: "News and exclusives for members." },
  { topic: "order-updates", label: "Order updates", description: "Where your orders are." },
] as const;
const CHANNELS = [
  { channel: "email", label: "E-mail" },
  { channel: "sms", label: "SMS" },
] as const;

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const [preferences, log] = await Promise.all([
    context.services.customers.preferences(context, user.id),
    context.services.customers.preferenceLog(context, user.id, 10),
  ]);
  return { preferences, log };
}

/** One form for the whole table: every box is sent as on or off, so unticking is a change too. */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const fields = await formFields(request);
  const changes = TOPICS.flatMap(({ topic }) =>
    CHANNELS.map(({ channel }) => ({ topic, channel, optedIn: fields[`${topic}.${channel}`] === "on" ? "true" : "false" })),
  );
  try {
    await context.services.customers.updatePreferences(context, user.id, changes, "account-page");
  } catch (error) {
    return formFailure(error, {});
  }
  return redirect(PATH, {
    status: 303,
    headers: { "Set-Cookie": siteNoticeCookie({ kind: "success", message: "Your preferences are saved." }) },
  });
}

export default function CommunicationPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const { preferences, log } = loaderData;
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const chosen = (topic: string, channel: string) =>
    preferences.find((p) => p.topic === topic && p.channel === channel)?.optedIn ?? false;
  const labelOf = (topic: string) => TOPICS.find((t) => t.topic === topic)?.label ?? topic;
  const channelOf = (channel: string) => CHANNELS.find((c) => c.channel === channel)?.label ?? channel;

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="preferences-title" className="account-section">
        <h2 id="preferences-title">Communication preferences</h2>
        <p className="text-grey-700">Choose what we may send you, and how. You can change your mind at any time.</p>
        {failure?.formError && (
          <p role="alert" className="form-error">
            {failure.formError}
          </p>
        )}
        <Form method="post" className="flex flex-col gap-4">
          <table className="stack-table">
            <caption className="sr-only">What we may send you, by channel</caption>
            <thead>
              <tr>
                <th scope="col">Topic</th>
                {CHANNELS.map((c) => (
                  <th key={c.channel} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {TOPICS.map((t) => (
                <tr key={t.topic}>
                  <th scope="row" className="cell-lead font-normal">
                    <span className="font-semibold">{t.label}</span>
                    <span className="block text-grey-600">{t.description}</span>
                  </th>
                  {CHANNELS.map((c) => (
                    <td key={c.channel} data-label={c.label}>
                      <input
                        type="checkbox"
                        name={`${t.topic}.${c.channel}`}
                        defaultChecked={chosen(t.topic, c.channel)}
                        aria-label={`${t.label} by ${c.label}`}
                        className="size-5"
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <button type="submit" className="button-primary self-start" disabled={busy}>
            Save preferences
          </button>
        </Form>
      </section>
      <section aria-labelledby="history-title" className="account-section">
        <h2 id="history-title">Recent changes</h2>
        {log.length === 0 ? (
          <p className="text-grey-700">You have not changed anything yet: the defaults apply (order updates by e-mail only).</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" data-testid="preference-log">
            {log.map((change, index) => (
              <li key={index}>
                {orderDate(change.changedAt)}: {labelOf(change.topic)} by {channelOf(change.channel)}{" "}
                {change.optedIn ? "switched on" : "switched off"} ({change.source.replace("-", " ")})
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
