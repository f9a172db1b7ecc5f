import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AccountFormPage, failureOf } from "~/components/account-page";
import { Link } from "~/components/ui/link";
import { TextField } from "~/components/ui/text-field";
import { formFailure, formFields } from "~/lib/forms.server";
import { resolveStrategy, type StrategyDefinition } from "~/lib/auth-state";
import { completeLogin } from "~/lib/auth.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { shopErrorCode, safeLocalPath, cookieValue } from "../../../server/lib/shared.ts";
import type { PageContext } from "../../../server/context.ts";
import { LOGIN_API_STRATEGY, redirectCookie, SOCIAL_BROWSER_COOKIE } from "../../../server/modules/accounts/shared.ts";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

export const handle: RouteHandle = { auth: "guest" };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteFrom(matches), { title: "Log in", description: "Log in to your account.", path: "/login" }),
  { name: "robots", content: "noindex" },
];

// The social login callback brings a token in the address: never stored, and never sent to another
// site as a referrer. "same-origin", not "no-referrer": with no referrer at all, browsers send the
// form's Origin as "null", and the origin check of form posts would refuse every login.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

/**
 * The log-in page, and the social login's callback (SPEC §2: the callback route is also /login):
 * `?provider=…&access_token=…` logs in with the provider's identity and leaves at once, so the
 * token does not stay in the address bar; `?error=…` says the provider's login did not work.
 */
export async function loader({ request, context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const params = new URL(request.url).searchParams;
  const { social } = context.services;
  const providers = social.providers();
  const provider = params.get("provider");
  const label = providers.find((p) => p.name === provider)?.label ?? "that provider";
  const accessToken = params.get("access_token");
  if (provider && accessToken) {
    try {
      const browser = cookieValue(request.headers.get("cookie"), SOCIAL_BROWSER_COOKIE) ?? null;
      const opened = await social.loginWithAccessToken(context, provider, accessToken, browser);
      return await completeLogin(request, context, opened, welcome("Welcome", opened.user.firstName));
    } catch (error) {
      return { providers, socialError: socialFailureMessage(error, label) };
    }
  }
  const socialError = provider && params.has("error") ? `Logging in with ${label} did not work. Please try again.` : null;
  // `?next=/path` (loginHref), or `?redirect=/path` (the back office's guard): come back to that
  // page of the shop after logging in.
  const next = safeLocalPath(params.get("next") ?? params.get("redirect"));
  const headers: HeadersInit = next ? { "Set-Cookie": redirectCookie(next, context.cookies) } : {};
  return data({ providers, socialError }, { headers });
}

function socialFailureMessage(error: unknown, label: string): string {
  switch (shopErrorCode(error)) {
    case "ACCOUNT_TAKEN":
      return `An account with the e-mail address of your ${label} account already exists. Log in with your password; you can use ${label} once the address is confirmed there.`;
    case "ACCOUNT_BLOCKED":
      return (error as Error).message;
    case "INVALID_INPUT":
      return `${label} did not share an e-mail address with us, which an account needs.`;
    case null:
      throw error;
    default:
      return `Logging in with ${label} did not work. Please try again.`;
  }
}

/**
 * The strategies a visitor may log in with (SPEC §3): the content backend (`local`, the form's
 * default), the login API (`loginApi`), and each social provider, which logs in at the provider
 * instead of with this form.
 */
function strategiesOf(context: PageContext): StrategyDefinition[] {
  return [
    { name: "local", kind: "credentials" },
    { name: LOGIN_API_STRATEGY, kind: "credentials" },
    ...context.services.social.providers().map((p) => ({ name: p.name, kind: "provider" as const })),
  ];
}

/** What the page says when the address or name and the password do not match (which one is wrong, it does not tell). */
const WRONG_LOGIN =
  "That e-mail address or user name and password don't match. Check them and try again, or reset your password.";

/** A greeting by first name, or none: a user name is a login, not what anyone is called. */
function welcome(words: string, firstName: string | null | undefined): string {
  return firstName ? `${words}, ${firstName}.` : `${words}.`;
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  let strategy: StrategyDefinition;
  try {
    strategy = resolveStrategy("strategy" in fields ? fields.strategy : "local", strategiesOf(context), ["credentials"]);
  } catch (error) {
    // SPEC §8's messages: no strategy, one not defined, or a provider's (which has no password here).
    return data(
      {
        ok: false as const,
        fieldErrors: {},
        formError: (error as Error).message,
        values: { identifier: fields.identifier ?? "" },
      },
      { status: 400 },
    );
  }
  try {
    const opened = await context.services.accounts.login(context, fields, strategy.name);
    return await completeLogin(request, context, opened, welcome("Welcome back", opened.user.firstName));
  } catch (error) {
    // The login API answers Strapi's "Invalid identifier or password." (its clients may match it);
    // the page says it the way a shopper would.
    if (shopErrorCode(error) === "INVALID_CREDENTIALS") {
      return data(
        { ok: false as const, fieldErrors: {}, formError: WRONG_LOGIN, values: { identifier: fields.identifier ?? "" } },
        { status: 400 },
      );
    }
    return formFailure(error, fields);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const busy = useNavigation().state === "submitting";
  const { providers, socialError } = loaderData;
  return (
    <AccountFormPage title="Log in" failure={failure}>
      {socialError && !failure && (
        <p role="alert" className="form-error" data-testid="social-error">
          {socialError}
        </p>
      )}
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <TextField
          label="E-mail address or user name"
          name="identifier"
          autoComplete="username"
          required
          defaultValue={failure?.values.identifier}
          error={failure?.fieldErrors.identifier}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={failure?.fieldErrors.password}
        />
        <p className="text-sm">
          <Link to="/forgot-password" className="text-link">
            Forgot your password?
          </Link>
        </p>
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? "Logging in…" : "Log in"}
        </button>
      </Form>
      {providers.length > 0 && (
        <div className="flex flex-col gap-2" aria-label="Log in with another account" role="group">
          {providers.map((provider) => (
            // A plain link: the server sends the browser on to the provider (SPEC §7: /connect/{provider}).
            <a
              key={provider.name}
              href={`/api/connect/${provider.name}`}
              className="button-secondary text-center"
              data-testid="social-login"
            >
              Continue with {provider.label}
            </a>
          ))}
        </div>
      )}
      <p className="text-sm text-grey-700">
        New here?{" "}
        <Link to="/sign-up" className="text-link">
          Create an account
        </Link>
        . No confirmation mail?{" "}
        <Link to="/recover-user" className="text-link">
          Recover your account
        </Link>
        .
      </p>
    </AccountFormPage>
  );
}
