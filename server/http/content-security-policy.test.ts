import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { API_POLICY, createNonce, pagePolicy, pinToScripts } from "./content-security-policy.ts";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.split(" ")[0] === name);

describe("the page policy", () => {
  test("scripts run from the shop and with this answer's nonce only: never 'unsafe-inline'", () => {
    const nonce = createNonce();
    const policy = pagePolicy(nonce);
    expect(directive(policy, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}'`);
    expect(directive(pagePolicy(), "script-src")).toBe("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Inline styles: attributes only (swatch colours), never a <style> element.
    expect(directive(policy, "style-src")).toBe("style-src 'self'");
    expect(directive(policy, "style-src-attr")).toBe("style-src-attr 'unsafe-inline'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
  });

  test("forms post to the shop only, and end on the card payment page's origin when the shop takes cards", () => {
    expect(directive(pagePolicy(createNonce()), "form-action")).toBe("form-action 'self'");
    expect(directive(pagePolicy(createNonce(), ["https://checkout.stripe.com"]), "form-action")).toBe(
      "form-action 'self' https://checkout.stripe.com",
    );
  });

  test("every nonce is new: 128 random bits", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  test("everything that is not a page may load nothing and be framed nowhere", () => {
    expect(API_POLICY).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe("pinning a kept page's policy to its scripts", () => {
  const nonce = "q+Zr/4kT9Lw0vX2mA1bC3g==";
  const page = [
    "<!DOCTYPE html><html><head>",
    `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/>`,
    `</head><body><p>Gloves: 24,90 €</p>`,
    `<script nonce="${nonce}">window.__reactRouterContext = {"a":"\\u003c/script>"};</script>`,
    `<script type="module" async="" nonce="${nonce}">import "/assets/entry.js";</script>`,
    // The same script twice is one hash.
    `<script nonce="${nonce}">window.__reactRouterContext = {"a":"\\u003c/script>"};</script>`,
    // Injected by someone who does not know the nonce: stays blocked.
    `<script>steal()</script><script nonce="guess">steal()</script>`,
    `<script nonce="${nonce}" src="/assets/file.js"></script>`,
    `<script type="application/ld+json">{"name":"Glove"}</script>`,
    "</body></html>",
  ].join("");

  test("the nonce becomes the hashes of exactly the scripts that carried it", () => {
    const pinned = pinToScripts(pagePolicy(nonce), page);
    expect(directive(pinned, "script-src")).toBe(
      `script-src 'self' ${sha256('window.__reactRouterContext = {"a":"\\u003c/script>"};')} ${sha256('import "/assets/entry.js";')}`,
    );
    expect(pinned).not.toContain(nonce);
    expect(pinned).not.toContain(sha256("steal()"));
    // The rest of the policy is unchanged.
    expect(pinned.replace(/ 'sha256-[^']+'/g, "")).toBe(pagePolicy());
  });

  test("hashes are of the UTF-8 text, as browsers compute them", () => {
    const pinned = pinToScripts(pagePolicy(nonce), `<script nonce="${nonce}">var price = "24,90 €";</script>`);
    expect(pinned).toContain(sha256('var price = "24,90 €";'));
  });

  test("a page without scripts loses the nonce; a policy without a nonce is left as it is", () => {
    expect(pinToScripts(pagePolicy(nonce), "<p>no scripts</p>")).toBe(pagePolicy());
    expect(pinToScripts(API_POLICY, page)).toBe(API_POLICY);
  });
});
