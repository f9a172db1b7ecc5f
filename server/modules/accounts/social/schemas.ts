import { z } from "zod";
import { MAX_SEALED_TOKEN_LENGTH } from "./sealed-token.ts";

/**
 * The access token a page or API client hands back after the provider's redirect (SPEC §7: the
 * `access_token` query parameter), before it is opened. Any bounded printable string passes, so
 * a token that is not the shop's sealed one (a raw provider token) is refused as not valid
 * (401), not as malformed input.
 */
export const accessTokenField = z
  .string({ error: "Give the access_token the login provider returned." })
  .min(1, "Give the access_token the login provider returned.")
  .max(MAX_SEALED_TOKEN_LENGTH, "This access_token is too long.")
  .regex(/^[\x21-\x7e]+$/, "This access_token is not valid.");
