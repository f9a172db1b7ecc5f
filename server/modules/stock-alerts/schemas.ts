import { z } from "zod";
import { emailField } from "../accounts/schemas.ts";

/*
 * One schema per input of the back-in-stock requests (ADR 47). The address is lower-cased and
 * trimmed as an account's is, so one address waits once per option and matches its account.
 */

export const requestInput = z.object({
  email: emailField,
  variantId: z.coerce
    .number({ error: "Choose an option." })
    .int("Choose an option.")
    .positive("Choose an option.")
    .max(2_147_483_647, "Choose an option."),
});

/** A cancel link's token, from the page's address or its form, or a mail client's one-click POST. */
export const tokenInput = z.object({
  token: z
    .string({ error: "The link has no token." })
    .trim()
    .min(1, "The link has no token.")
    .max(200, "This is not a link's token."),
});
