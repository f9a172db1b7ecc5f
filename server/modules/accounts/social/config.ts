import { z } from "zod";
import { SocialConfigError, type SocialConfigIssue } from "./errors.ts";

/** One OpenID Connect provider the shop offers a login button for. */
export interface SocialProviderConfig {
  /** The name in the shop's URLs (/api/connect/{name}) and on the accounts it makes, such as "google". */
  name: string;
  /** The button's text. */
  label: string;
  /** The issuer identifier, as the provider spells it; its /.well-known/openid-configuration is read at first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const NAME = /^[a-z0-9-]{1,30}$/;
// "local" is what the accounts module calls password logins (users.provider, session strategy).
const RESERVED_NAMES = new Set(["local"]);
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1"]);

const providerNames = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== ""),
  )
  .superRefine((names, context) => {
    const seen = new Set<string>();
    for (const name of names) {
      if (!NAME.test(name)) {
        context.addIssue({
          code: "custom",
          message: `"${name}" is not a provider name: use 1 to 30 lower-case letters, digits and dashes, such as google`,
        });
      } else if (RESERVED_NAMES.has(name)) {
        context.addIssue({ code: "custom", message: `"${name}" is reserved for password logins: choose another name` });
      } else if (seen.has(name)) {
        context.addIssue({ code: "custom", message: `"${name}" is listed twice` });
      }
      seen.add(name);
    }
  });

const ISSUER_RULE = "must be an https address such as https://accounts.google.com (http only for localhost or 127.0.0.1)";

const issuerUrl = z
  .string({ error: "is missing: give the provider's issuer address" })
  .trim()
  .min(1, "is missing: give the provider's issuer address")
  .refine((value) => {
    const url = URL.parse(value);
    if (!url || url.search || url.hash || url.username || url.password) return false;
    return url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname));
  }, ISSUER_RULE);

const required = (what: string) =>
  z
    .string({ error: `is missing: give the ${what} the provider issued to the shop` })
    .trim()
    .min(1, `is missing: give the ${what} the provider issued to the shop`);

const label = z
  .string()
  .trim()
  .max(40, "must be at most 40 characters")
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** The environment variables of provider `name`: OIDC_<NAME>_..., upper-cased, - as _. */
export function providerVariable(name: string, setting: "ISSUER" | "CLIENT_ID" | "CLIENT_SECRET" | "LABEL"): string {
  return `OIDC_${name.toUpperCase().replaceAll("-", "_")}_${setting}`;
}

function providerSchema(name: string) {
  return z.object({
    [providerVariable(name, "ISSUER")]: issuerUrl,
    [providerVariable(name, "CLIENT_ID")]: required("client id"),
    [providerVariable(name, "CLIENT_SECRET")]: required("client secret"),
    [providerVariable(name, "LABEL")]: label,
  });
}

/**
 * The social login providers the environment configures: SOCIAL_PROVIDERS lists their names
 * (comma-separated), and each has OIDC_<NAME>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and an optional
 * _LABEL. Throws a SocialConfigError naming every wrong or missing variable; values (secrets
 * among them) never appear in it.
 */
export function parseSocialProviders(source: Record<string, string | undefined>): SocialProviderConfig[] {
  const listed = providerNames.safeParse(source.SOCIAL_PROVIDERS);
  if (!listed.success) {
    throw new SocialConfigError(listed.error.issues.map((issue) => ({ variable: "SOCIAL_PROVIDERS", message: issue.message })));
  }
  const issues: SocialConfigIssue[] = [];
  const providers: SocialProviderConfig[] = [];
  for (const name of listed.data) {
    const parsed = providerSchema(name).safeParse(source);
    if (!parsed.success) {
      issues.push(...parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })));
      continue;
    }
    const values = parsed.data as Record<string, string | undefined>;
    providers.push({
      name,
      label: values[providerVariable(name, "LABEL")] ?? name.charAt(0).toUpperCase() + name.slice(1),
      issuer: values[providerVariable(name, "ISSUER")]!,
      clientId: values[providerVariable(name, "CLIENT_ID")]!,
      clientSecret: values[providerVariable(name, "CLIENT_SECRET")]!,
    });
  }
  if (issues.length > 0) throw new SocialConfigError(issues);
  return providers;
}
