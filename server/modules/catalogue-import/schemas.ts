import { z } from "zod";
import { IMPORT_OUTCOMES } from "../../db/schema/index.ts";
import { recordIdInput } from "../../lib/record-id.ts";

/** An import's id, as a page's address or form gives it. */
export const importIdInput = recordIdInput("There is no such import.");

const blank = (value: unknown) => (value === "" ? undefined : value);

/** Which of an import's lines a page shows: one outcome or all, 100 a page. */
export const importLinesInput = z.object({
  outcome: z.preprocess(blank, z.enum(IMPORT_OUTCOMES, { error: "Choose created, changed, unchanged or refused." }).optional()),
  page: z.preprocess(
    blank,
    z.coerce
      .number({ error: "The page must be a whole number." })
      .int("The page must be a whole number.")
      .min(1, "Pages start at 1.")
      .max(100_000)
      .default(1),
  ),
});
export type ImportLinesParams = z.output<typeof importLinesInput>;
