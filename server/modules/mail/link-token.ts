import { z } from "zod";

/** A mailed link's token, from a page's address or a form's field, an API body, or a mail client's one-click POST. */
export const linkTokenInput = z.object({
  token: z
    .string({ error: "The link has no token." })
    .trim()
    .min(1, "The link has no token.")
    .max(200, "This is not a link's token."),
});
