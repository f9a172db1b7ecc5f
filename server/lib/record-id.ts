import { z } from "zod";

/** The largest id a table's serial (PostgreSQL integer) holds: a larger one names no record, and the database would refuse to compare it. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id as a form or an address carries it; anything else is `notFound` (the record does not exist). */
export const recordIdInput = (notFound: string) =>
  z.coerce.number({ error: notFound }).int(notFound).min(1, notFound).max(MAX_RECORD_ID, notFound);
