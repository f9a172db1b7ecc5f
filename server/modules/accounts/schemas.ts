import { z } from "zod";
import { PASSWORD_MAX } from "./password.ts";

/*
 * One schema per input of the accounts module; pages, the content backend (/api), the login API
 * (/auth) and GraphQL all parse with these. A value of the wrong type (an object or a list where
 * text belongs) fails like a missing one, with the field named.
 */

const EMAIL_MAX = 254;

/** Lower-cased and trimmed: one address is one account, however it is typed. */
export const emailField = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter your e-mail address.")
  .max(EMAIL_MAX, "This e-mail address is too long.")
  .pipe(z.email({ error: "Enter a valid e-mail address, such as name@example.com." }));

export const usernameField = z
  .string({ error: "Choose a user name." })
  // Full-width and compatibility characters are written as the plain ones they show (NFKC).
  .transform((name) => name.normalize("NFKC").trim())
  .pipe(
    z
      .string()
      .min(3, "Use at least 3 characters for your user name.")
      .max(30, "Use at most 30 characters for your user name.")
      .regex(
        /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u,
        "Use letters, digits, dots, dashes and underscores, starting with a letter or digit.",
      ),
  );

/** A password being checked, not chosen: any text, bounded so nobody can make us hash megabytes. */
const givenPassword = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(1024, "This password is too long.");

/** A new password: its rules (length, common passwords) are checked by passwordProblem(). */
const newPassword = z
  .string({ error: "Choose a password." })
  .min(1, "Choose a password.")
  .max(PASSWORD_MAX * 4, `Use at most ${PASSWORD_MAX} characters.`);

const code = z.string({ error: "The link is incomplete." }).min(1, "The link is incomplete.").max(200, "The link is invalid.");

export const loginInput = z.object({
  identifier: z
    .string({ error: "Enter your e-mail address or user name." })
    .transform((identifier) => identifier.normalize("NFKC").trim())
    .pipe(
      z
        .string()
        .min(1, "Enter your e-mail address or user name.")
        .max(EMAIL_MAX, "This is too long for an e-mail address or user name."),
    ),
  password: givenPassword,
});

export const registerInput = z.object({ username: usernameField, email: emailField, password: newPassword });

export const emailInput = z.object({ email: emailField });

export const resetPasswordInput = z.object({
  code,
  password: newPassword,
  passwordConfirmation: z.string({ error: "Repeat your new password." }).max(PASSWORD_MAX * 4, "This password is too long."),
});

export const changePasswordInput = z.object({
  currentPassword: givenPassword,
  password: newPassword,
  passwordConfirmation: z.string({ error: "Repeat your new password." }).max(PASSWORD_MAX * 4, "This password is too long."),
});

export const changeEmailInput = z.object({ email: emailField, currentPassword: givenPassword });

export const confirmationInput = z.object({ confirmation: code });

export type LoginInput = z.input<typeof loginInput>;
export type RegisterInput = z.input<typeof registerInput>;
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;
