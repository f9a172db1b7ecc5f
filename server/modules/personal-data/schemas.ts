import { z } from "zod";
import { recordIdInput } from "../../lib/record-id.ts";

/* One schema per input of the personal-data use cases (ADR 61). */

const userId = recordIdInput("No such customer.");

export const ExportInput = z.object({ userId });

export const EraseInput = z.object({
  userId,
  /** The account's updatedAt as the page read it (ISO). */
  version: z.string().optional(),
  /** The customer's e-mail address, typed by the staff member to confirm whom they erase. */
  confirm: z
    .string({ error: "Type the customer's e-mail address to confirm." })
    .trim()
    .toLowerCase()
    .min(1, "Type the customer's e-mail address to confirm.")
    .max(320, "Type the customer's e-mail address to confirm."),
});
