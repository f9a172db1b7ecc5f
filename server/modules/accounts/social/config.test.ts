import { describe, expect, test } from "vitest";
import { parseSocialProviders } from "./config.ts";
import { SocialConfigError } from "./errors.ts";

const google = {
  OIDC_GOOGLE_ISSUER: "https://accounts.google.com",
  OIDC_GOOGLE_CLIENT_ID: "shop.apps.googleusercontent.com",
  OIDC_GOOGLE_CLIENT_SECRET: "very-secret-value",
};

function failure(source: Record<string, string | undefined>): SocialConfigError {
  try {
    parseSocialProviders(source);
  } catch (error) {
    expect(error).toBeInstanceOf(SocialConfigError);
    return error as SocialConfigError;
  }
  throw new Error("expected the configuration to be refused");
}

describe("parseSocialProviders", () => {
  test("no SOCIAL_PROVIDERS, or an empty one, means no social login", () => {
    expect(parseSocialProviders({})).toEqual([]);
    expect(parseSocialProviders({ SOCIAL_PROVIDERS: " , " })).toEqual([]);
  });

  test("reads each listed provider's variables, with the capitalised name as the default label", () => {
    const providers = parseSocialProviders({
      SOCIAL_PROVIDERS: "google, keeper-id",
      ...google,
      OIDC_KEEPER_ID_ISSUER: "http://127.0.0.1:4000/oidc",
      OIDC_KEEPER_ID_CLIENT_ID: " shop ",
      OIDC_KEEPER_ID_CLIENT_SECRET: "s3cret",
      OIDC_KEEPER_ID_LABEL: "  KeeperID  ",
    });
    expect(providers).toEqual([
      {
        name: "google",
        label: "Google",
        issuer: "https://accounts.google.com",
        clientId: "shop.apps.googleusercontent.com",
        clientSecret: "very-secret-value",
      },
      { name: "keeper-id", label: "KeeperID", issuer: "http://127.0.0.1:4000/oidc", clientId: "shop", clientSecret: "s3cret" },
    ]);
  });

  test("http issuers are accepted for localhost only", () => {
    const local = { SOCIAL_PROVIDERS: "google", ...google, OIDC_GOOGLE_ISSUER: "http://localhost:8080" };
    expect(parseSocialProviders(local)[0]!.issuer).toBe("http://localhost:8080");
    const error = failure({ ...local, OIDC_GOOGLE_ISSUER: "http://accounts.example.com" });
    expect(error.issues).toEqual([{ variable: "OIDC_GOOGLE_ISSUER", message: expect.stringContaining("https") }]);
  });

  test("names every missing or bad variable of every provider, and never a secret's value", () => {
    const error = failure({
      SOCIAL_PROVIDERS: "google,apple",
      OIDC_GOOGLE_ISSUER: "ftp://accounts.google.com",
      OIDC_GOOGLE_CLIENT_SECRET: "   ",
      OIDC_GOOGLE_LABEL: "x".repeat(41),
      OIDC_APPLE_ISSUER: "https://appleid.apple.com?x=1",
      OIDC_APPLE_CLIENT_ID: "shop",
      OIDC_APPLE_CLIENT_SECRET: "apple-secret-value",
    });
    expect(error.issues.map((issue) => issue.variable).sort()).toEqual(
      [
        "OIDC_APPLE_ISSUER",
        "OIDC_GOOGLE_CLIENT_ID",
        "OIDC_GOOGLE_CLIENT_SECRET",
        "OIDC_GOOGLE_ISSUER",
        "OIDC_GOOGLE_LABEL",
      ].sort(),
    );
    for (const variable of ["OIDC_GOOGLE_ISSUER", "OIDC_GOOGLE_CLIENT_ID", "OIDC_APPLE_ISSUER"]) {
      expect(error.message).toContain(`  ${variable}: `);
    }
    expect(error.message).not.toContain("apple-secret-value");
  });

  test("refuses provider names that are malformed, reserved or repeated", () => {
    for (const list of ["Google", "goo_gle", "a".repeat(31), "local", "google,google"]) {
      const error = failure({ SOCIAL_PROVIDERS: list, ...google });
      expect(error.issues.map((issue) => issue.variable)).toEqual(["SOCIAL_PROVIDERS"]);
    }
  });
});
