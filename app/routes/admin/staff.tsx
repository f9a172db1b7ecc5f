import { useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/staff";
import { failureOf, useFocusOnFailure } from "~/components/account-page";
import { FormNotices } from "~/components/admin/form-notices";
import { orderDateTime } from "~/components/account/order-table";
import { Panel } from "~/components/admin/panel";
import { TextField } from "~/components/ui/text-field";
import { staffScope } from "~/lib/admin-actions.server";
import { formFailure, formFields } from "~/lib/forms.server";
import type { RouteHandle } from "~/lib/route-handle";
import { pageContext } from "../../../server/http/page-context.ts";

/*
 * The owner's staff page (issue 24 §2): who has a back-office role, invitations by mail, a role
 * changed or taken away (the last owner stays), each audited. Role changes are sensitive: they
 * ask for the second factor again after 10 minutes.
 */

export const handle: RouteHandle = { backOffice: "owner" };

export const meta: Route.MetaFunction = () => [{ title: "Staff · Back office" }];

const ROLES = [
  { value: "editor", label: "Editor (news, pages, media)" },
  { value: "staff", label: "Staff (orders, customers)" },
  { value: "owner", label: "Owner (everything)" },
];

export async function loader({ context: router }: Route.LoaderArgs) {
  const context = pageContext(router);
  const list = await context.services.staffAccess.staffList(context.db);
  return { ...list, me: context.session!.user.id };
}

export async function action({ request, context: router }: Route.ActionArgs) {
  const context = pageContext(router);
  const fields = await formFields(request);
  const staff = staffScope(context);
  const { user, sessionId } = context.session!;
  try {
    switch (fields.intent) {
      case "invite": {
        const invited = await context.services.staffAccess.inviteStaff(staff, { email: fields.email, role: fields.role });
        return { ok: true as const, message: `Invitation mailed to ${invited.email}.` };
      }
      case "role":
        if (fields.code)
          await context.services.staffAccess.verifySecondFactor(context, { userId: user.id, sessionId, code: fields.code });
        await context.services.staffAccess.requireRecentSecondFactor(context, { userId: user.id, sessionId });
        if (!/^\d{1,9}$/.test(fields.userId ?? "")) throw data(null, { status: 400 });
        await context.services.staffAccess.changeRole(staff, {
          userId: Number(fields.userId),
          role: fields.role,
          version: fields.version,
        });
        return { ok: true as const, message: fields.role === "customer" ? "Removed from the staff." : "Role changed." };
      case "revoke":
        if (!/^\d{1,9}$/.test(fields.invitationId ?? "")) throw data(null, { status: 400 });
        await context.services.staffAccess.revokeInvitation(staff, Number(fields.invitationId));
        return { ok: true as const, message: "Invitation withdrawn." };
      default:
        throw data(null, { status: 400 });
    }
  } catch (error) {
    return formFailure(error, { email: fields.email ?? "", role: fields.role ?? "" });
  }
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const message = actionData && "message" in actionData ? actionData.message : null;
  const busy = useNavigation().state === "submitting";
  const page = useRef<HTMLDivElement>(null);
  useFocusOnFailure(page, failure);
  return (
    <div ref={page} className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Staff</h1>
      <FormNotices message={message} failure={failure} shown={["email"]} />
      <Panel title="People">
        <div className="overflow-x-auto">
          <table className="admin-table w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Two factors</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.staff.map((person) => (
                <tr key={person.id} data-testid="staff-row">
                  <td>
                    {person.username}
                    <span className="block text-grey-600">{person.email}</span>
                  </td>
                  <td>{person.hasAuthenticator ? "set up" : "not yet"}</td>
                  <td className="whitespace-nowrap">
                    {person.lastSignInAt ? orderDateTime(person.lastSignInAt.toISOString()) : "—"}
                  </td>
                  <td>
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="userId" value={person.id} />
                      <input type="hidden" name="version" value={person.version} />
                      <label className="sr-only" htmlFor={`role-${person.id}`}>
                        Role of {person.email}
                      </label>
                      <select
                        id={`role-${person.id}`}
                        name="role"
                        defaultValue={person.role}
                        className="rounded-md border border-grey-300 px-2 py-1"
                      >
                        {ROLES.map((role) => (
                          <option key={role.value} value={role.value}>
                            {role.label}
                          </option>
                        ))}
                        <option value="customer">No role (remove from staff)</option>
                      </select>
                      <label className="sr-only" htmlFor={`code-${person.id}`}>
                        Your authenticator code
                      </label>
                      <input
                        id={`code-${person.id}`}
                        name="code"
                        placeholder="Your code"
                        autoComplete="one-time-code"
                        className="w-24 rounded-md border border-grey-300 px-2 py-1"
                      />
                      <button type="submit" className="button-secondary" disabled={busy}>
                        Save
                      </button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
      <Panel title="Invite someone">
        <Form method="post" className="flex flex-col gap-3 sm:max-w-md" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            required
            defaultValue={failure?.values.email}
            error={failure?.fieldErrors.email}
          />
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor="invite-role">Role</label>
            <select
              id="invite-role"
              name="role"
              defaultValue={failure?.values.role || "staff"}
              className="rounded-md border border-grey-300 px-2 py-1.5"
            >
              {ROLES.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button-primary" disabled={busy}>
            Mail the invitation
          </button>
        </Form>
        {loaderData.invitations.length > 0 && (
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {loaderData.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-2">
                {invitation.email} as {invitation.role}, until {orderDateTime(invitation.expiresAt.toISOString())}
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="invitationId" value={invitation.id} />
                  <button type="submit" className="text-link">
                    Withdraw
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
