import { TextField } from "~/components/ui/text-field";

/**
 * The fields of a password change, by the shop's password rules: the current one, the new one
 * twice. The shop's account page and the back office's "My sign-in" post them to the same use case.
 */
export function PasswordFields({ errors }: { errors: Record<string, string> | undefined }) {
  return (
    <>
      <input type="hidden" name="intent" value="password" />
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        error={errors?.currentPassword}
      />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters; common passwords are refused."
        error={errors?.password}
      />
      <TextField
        label="Repeat the new password"
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        error={errors?.passwordConfirmation}
      />
    </>
  );
}
