import { z } from "zod";

/** A URL segment: lower-case letters, digits and single hyphens. */
export const slug = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lower-case letters, digits and hyphens, such as spring-training");
