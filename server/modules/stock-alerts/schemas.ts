import { z } from "zod";
import { emailField } from "../accounts/index.ts";

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
