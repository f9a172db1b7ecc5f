import { z } from "zod";
import { emailField, PASSWORD_MAX, usernameField } from "../accounts/index.ts";
import { BACK_OFFICE_ROLES } from "./words.ts";

/*
 * One schema per input of staff access (ADR 59); pages and any staff API parse with these. A form
 * sends an empty text for a field left empty: optional fields read it as absent.
 */

const emptyAsAbsent = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const token = z.string({ error: "The link is incomplete." }).min(1, "The link is incomplete.").max(200, "The link is invalid.");

/** A new password: its rules (length, common passwords, not the address) are the accounts module's passwordProblem(). */
const newPassword = z
  .string({ error: "Choose a password." })
  .min(1, "Choose a password.")
  .max(PASSWORD_MAX * 4, `Use at most ${PASSWORD_MAX} characters.`);

export const acceptInvitationInput = z.object({
  token,
  /** Only read when the link names no address (the owner's set-up link). */
  email: z.preprocess(emptyAsAbsent, emailField.optional()),
  /** For a new account; one is made from the address when left out. */
  username: z.preprocess(emptyAsAbsent, usernameField.optional()),
  password: newPassword,
  /** Checked when sent (a form with a second password field). */
  passwordConfirmation: z.preprocess(
    emptyAsAbsent,
    z
      .string()
      .max(PASSWORD_MAX * 4, "This password is too long.")
      .optional(),
  ),
});

/** A six-digit code from the app, or a recovery code (`abcd-efgh-jkmn`, dashes and spaces as typed). */
export const codeInput = z.object({
  code: z
    .string({ error: "Enter the code." })
    .trim()
    .min(1, "Enter the code.")
    .max(40, "This is not a code we sent or your app shows."),
});

const roleField = z.enum(BACK_OFFICE_ROLES, { error: "Choose editor, staff or owner." });

export const inviteStaffInput = z.object({ email: emailField, role: roleField });

export const changeRoleInput = z.object({
  userId: z.coerce.number({ error: "Choose a person." }).int().positive().max(2_147_483_647),
  /** `customer` takes the person off the staff. */
  role: z.enum(["customer", "editor", "staff", "owner"], { error: "Choose customer, editor, staff or owner." }),
  /** The account's version as the form read it (staffList's `version`); a stale one is refused. */
  version: z.preprocess(emptyAsAbsent, z.string().max(64).optional()),
});

export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;
export type InviteStaffInput = z.input<typeof inviteStaffInput>;
export type ChangeRoleInput = z.input<typeof changeRoleInput>;
