/** The PostgreSQL error code of a failed query, as drizzle passes it on (sometimes as the cause). */
function pgCode(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique index refused a row (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return pgCode(error) === "23505";
}

/** A foreign key refused a row, or the removal of one still pointed at (23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgCode(error) === "23503";
}

/** A CHECK constraint refused a row (23514). */
export function isCheckViolation(error: unknown): boolean {
  return pgCode(error) === "23514";
}

/** The constraint or index a failed query broke, when the driver names it (both pg and PGlite do). */
export function violatedConstraint(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 3; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
