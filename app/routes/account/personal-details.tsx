import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/personal-details";
import { useRef } from "react";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotice } from "~/components/account/form-notice";
import { NoPassword } from "~/components/account/no-password";
import { PasswordFields } from "~/components/account/password-fields";
import { PictureSection } from "~/components/account/picture-section";
import { TextField } from "~/components/ui/text-field";
import { formContents, formFailure } from "~/lib/forms.server";
import { sessionRenewed } from "~/lib/auth.server";
import { currentCustomer } from "~/lib/guards.server";
import { pageMeta, siteFrom } from "~/lib/meta";
import { pageContext } from "../../../server/http/page-context.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFrom(matches), {
    title: "Personal details",
    description: "Your picture, name, phone, e-mail and password.",
    path: "/my-account/personal-details",
  });

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const { user, hasPassword } = currentCustomer(context);
  const profile = await context.services.customers.profile(context, user.id);
  return { profile, email: user.email, hasPassword, provider: user.provider };
}

/**
 * The forms, told apart by `intent`: the picture (a multipart form, with or without JavaScript) and
 * its removal; name and phone; e-mail address; password.
 */
export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const { user } = currentCustomer(context);
  const { fields, form } = await formContents(request);
  const intent = fields.intent;
  try {
    switch (intent) {
      case "picture":
        await context.services.customers.setPicture(context, user.id, form.get("picture"));
        return { ok: true as const, intent, message: "Your picture is saved." };
      case "remove-picture":
        await context.services.customers.removePicture(context, user.id);
        return { ok: true as const, intent: "picture", message: "Your picture is removed." };
      case "profile":
        await context.services.customers.updateProfile(context, user.id, {
          firstName: fields.firstName,
          lastName: fields.lastName,
          phone: fields.phone,
        });
        return { ok: true as const, intent, message: "Your details are saved." };
      case "email": {
        const { email } = await context.services.accounts.changeEmail(context, user.id, fields);
        return {
          ok: true as const,
          intent,
          message: `We sent a link to ${email}. Your address changes when you follow it.`,
        };
      }
      case "password": {
        const opened = await context.services.accounts.changePassword(context, user.id, fields);
        // Every other session has ended; this browser carries on with a new one.
        return redirect("/my-account/personal-details", {
          status: 303,
          headers: sessionRenewed(context, opened, "Your password has been changed. You are logged out everywhere else."),
        });
      }
      case "set-password":
        // The reset link sets a first password as well; it goes to the account's own address.
        await context.services.accounts.forgotPassword(context, { email: user.email });
        return { ok: true as const, intent: "password", message: `We sent a link to ${user.email} to set your password.` };
      default:
        return { ok: false as const, fieldErrors: {}, formError: "Please use the forms on this page.", values: {} };
    }
  } catch (error) {
    return formFailure(error, fields);
  }
}

export default function PersonalDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, email, hasPassword, provider } = loaderData;
  const failure = failureOf(actionData);
  // The failure's values say which of the three forms it belongs to.
  const failed = (intent: string) => (failure?.values.intent === intent ? failure : null);
  const done = (intent: string) =>
    actionData && "ok" in actionData && actionData.ok && actionData.intent === intent ? actionData.message : null;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);

  return (
    <div className="flex flex-col gap-8" ref={page}>
      <PictureSection
        picture={profile.picture}
        done={done("picture")}
        failure={failed("picture") ?? failed("remove-picture")}
        busy={busy("picture") || busy("remove-picture")}
      />

      <section aria-labelledby="profile-title" className="account-section">
        <h2 id="profile-title">Name and phone</h2>
        <FormNotice done={done("profile")} failure={failed("profile")} />
        <Form method="post" className="flex max-w-md flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="profile" />
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={failed("profile")?.values.firstName ?? profile.firstName ?? ""}
            error={failed("profile")?.fieldErrors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={failed("profile")?.values.lastName ?? profile.lastName ?? ""}
            error={failed("profile")?.fieldErrors.lastName}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={failed("profile")?.values.phone ?? profile.phone ?? ""}
            error={failed("profile")?.fieldErrors.phone}
          />
          <button type="submit" className="button-primary self-start" disabled={busy("profile")}>
            Save details
          </button>
        </Form>
      </section>

      <section aria-labelledby="email-title" className="account-section">
        <h2 id="email-title">E-mail address</h2>
        <p className="text-grey-700">
          Your address is <strong>{email}</strong>. To change it, give the new one and your password; we will send a link to the
          new address to confirm it.
        </p>
        <FormNotice done={done("email")} failure={failed("email")} />
        {!hasPassword && <NoPassword provider={provider} />}
        <Form method="post" className="flex max-w-md flex-col gap-4" noValidate hidden={!hasPassword}>
          <input type="hidden" name="intent" value="email" />
          <TextField
            label="New e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={failed("email")?.values.email}
            error={failed("email")?.fieldErrors.email}
          />
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={failed("email")?.fieldErrors.currentPassword}
          />
          <button type="submit" className="button-primary self-start" disabled={busy("email")}>
            Change e-mail address
          </button>
        </Form>
      </section>

      <section aria-labelledby="password-title" className="account-section">
        <h2 id="password-title">Password</h2>
        <FormNotice done={done("password")} failure={failed("password")} />
        {!hasPassword && <NoPassword provider={provider} />}
        <Form method="post" className="flex max-w-md flex-col gap-4" noValidate hidden={!hasPassword}>
          <PasswordFields errors={failed("password")?.fieldErrors} />
          <button type="submit" className="button-primary self-start" disabled={busy("password")}>
            Change password
          </button>
        </Form>
      </section>
    </div>
  );
}
