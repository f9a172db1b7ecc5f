import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { analyticsOrigins, ConfigError, parseEnv, publicEnv } from "../env.ts";
import { createNonce, pagePolicy, pinToScripts } from "./content-security-policy.ts";
import { scriptNonce, securityHeaders } from "./security-headers.ts";

/*
 * The optional analytics script (ADR 40): configured by ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID,
 * both or neither. Unset, the pages' policy names no outside origin at all; set, exactly the
 * script's origin may run scripts and be connected to, cached pages included.
 */

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.split(" ")[0] === name);

const ANALYTICS = {
  ANALYTICS_SCRIPT_URL: "https://stats.example.com/script.js",
  ANALYTICS_SITE_ID: "94db1cb1-74f4-4a40-ad6c-962362670409",
};

describe("the settings", () => {
  test("unset, there is no analytics: no origin for the policy, nothing for the page", () => {
    const env = parseEnv({});
    expect(analyticsOrigins(env)).toEqual([]);
    expect(publicEnv(env)).not.toHaveProperty("analytics");
    // Empty values are unset too.
    expect(analyticsOrigins(parseEnv({ ANALYTICS_SCRIPT_URL: "", ANALYTICS_SITE_ID: "" }))).toEqual([]);
  });

  test("set, the page gets the script's address and site id, and the policy its origin", () => {
    const env = parseEnv(ANALYTICS);
    expect(analyticsOrigins(env)).toEqual(["https://stats.example.com"]);
    expect(publicEnv(env).analytics).toEqual({ scriptUrl: ANALYTICS.ANALYTICS_SCRIPT_URL, siteId: ANALYTICS.ANALYTICS_SITE_ID });
  });

  test("one without the other, a script not on https, or a site id that is not Umami's are refused, naming the variable", () => {
    const refusal = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refusal({ ANALYTICS_SCRIPT_URL: ANALYTICS.ANALYTICS_SCRIPT_URL })).toMatch(/ANALYTICS_SITE_ID: analytics needs both/);
    expect(refusal({ ANALYTICS_SITE_ID: ANALYTICS.ANALYTICS_SITE_ID })).toMatch(/ANALYTICS_SCRIPT_URL: analytics needs both/);
    expect(refusal({ ...ANALYTICS, ANALYTICS_SCRIPT_URL: "http://stats.example.com/script.js" })).toMatch(
      /ANALYTICS_SCRIPT_URL: must be the https address/,
    );
    expect(refusal({ ...ANALYTICS, ANALYTICS_SITE_ID: "my-shop" })).toMatch(/ANALYTICS_SITE_ID: must be the site's website id/);
  });
});

describe("the page policy", () => {
  test("without analytics, scripts and connections stay the shop's own", () => {
    const nonce = createNonce();
    expect(directive(pagePolicy(nonce), "script-src")).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(directive(pagePolicy(nonce), "connect-src")).toBe("connect-src 'self'");
  });

  test("with analytics, its origin may run scripts and be connected to, and nothing else changes", () => {
    const nonce = createNonce();
    const origins = ["https://stats.example.com"];
    const policy = pagePolicy(nonce, [], [], origins);
    expect(directive(policy, "script-src")).toBe(`script-src 'self' https://stats.example.com 'nonce-${nonce}'`);
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://stats.example.com");
    expect(directive(pagePolicy(undefined, [], [], origins), "script-src")).toBe("script-src 'self' https://stats.example.com");
    const others = (p: string) => p.split("; ").filter((d) => !/^(script|connect)-src /.test(d));
    expect(others(policy)).toEqual(others(pagePolicy(nonce)));
  });

  test("a cached page's policy keeps the origin when its nonce becomes the scripts' hashes", () => {
    const nonce = createNonce();
    const html = `<script nonce="${nonce}">1</script><script defer src="https://stats.example.com/script.js"></script>`;
    const pinned = pinToScripts(pagePolicy(nonce, [], [], ["https://stats.example.com"]), html);
    expect(directive(pinned, "script-src")).toMatch(/^script-src 'self' https:\/\/stats\.example\.com 'sha256-[^']+'$/);
  });

  test("the shop's headers put the origin in the policy of pages, rendered or not, only when it is given", async () => {
    const shop = (scriptOrigins?: string[]) => {
      const app = new Hono();
      app.use(securityHeaders({ https: false, pagePolicy: true, scriptOrigins }));
      app.get("/plain", (c) => c.html("<p>no nonce</p>"));
      app.use("*", scriptNonce({ enabled: true, scriptOrigins }));
      app.get("*", (c) => c.html(`<script nonce="${c.get("cspNonce")}">1</script>`));
      return app;
    };
    for (const path of ["/", "/plain"]) {
      const without = (await shop().request(path)).headers.get("content-security-policy")!;
      expect(without, path).not.toContain("stats.example.com");
      const withIt = (await shop(["https://stats.example.com"]).request(path)).headers.get("content-security-policy")!;
      expect(directive(withIt, "script-src"), path).toContain("https://stats.example.com");
      expect(directive(withIt, "connect-src"), path).toBe("connect-src 'self' https://stats.example.com");
    }
  });
});
