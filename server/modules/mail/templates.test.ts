import { describe, expect, test } from "vitest";
import { confirmationMail, escapeHtml, passwordResetMail } from "./index.ts";

const link = "https://shop.example/confirm?token=abc&user=7";
const escapedLink = "https://shop.example/confirm?token=abc&amp;user=7";

describe("escapeHtml", () => {
  test("escapes the five characters that matter in content and attributes", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
  });

  test("leaves other text alone and escapes text that looks escaped already", () => {
    expect(escapeHtml("Torwart Ü 1 – 0")).toBe("Torwart Ü 1 – 0");
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });
});

describe("confirmationMail", () => {
  const mail = confirmationMail({ siteName: "Keeper Shop", username: "neuer1", link });

  test("says the link confirms the address for the account", () => {
    expect(mail.subject).toBe("Confirm your email address for Keeper Shop");
    expect(mail.text).toContain("Hi neuer1,");
    expect(mail.text).toMatch(/link below confirms it for your account "neuer1"/);
    expect(mail.html).toContain("link below confirms it for your account &quot;neuer1&quot;");
  });

  test("the text has the link on its own line; the HTML links it from the button and as text", () => {
    expect(mail.text.split("\n")).toContain(link);
    expect(mail.html.match(new RegExp(`href="${escapeRegExp(escapedLink)}"`, "g"))).toHaveLength(2);
    expect(mail.html).toContain(`>${escapedLink}</a>`);
    expect(mail.html).not.toContain(link);
    expect(mail.html).toContain("background-color:#3eb489");
  });

  test("every interpolated value is escaped in the HTML and kept as written in the text", () => {
    const hostile = confirmationMail({
      siteName: `Shop <b>"&"</b>`,
      username: `<script>alert('x')</script>`,
      link: `https://shop.example/c?a="><img/src=x/onerror=alert(1)>`,
    });
    expect(hostile.html).not.toMatch(/<script|<b>|<img/);
    expect(hostile.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(hostile.html).toContain("Shop &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;");
    expect(hostile.html).toContain(`href="https://shop.example/c?a=&quot;&gt;&lt;img/src=x/onerror=alert(1)&gt;"`);
    expect(hostile.text).toContain(`Hi <script>alert('x')</script>,`);
    expect(hostile.subject).toBe(`Confirm your email address for Shop <b>"&"</b>`);
  });

  test("refuses a link that is not an absolute http(s) address", () => {
    for (const bad of ["javascript:alert(1)", "/confirm?token=abc", "https://shop.example/a b"]) {
      expect(() => confirmationMail({ siteName: "Keeper Shop", username: "neuer1", link: bad })).toThrow(TypeError);
    }
  });
});

describe("passwordResetMail", () => {
  const reset = (expiresInMinutes: number) =>
    passwordResetMail({ siteName: "Keeper Shop", username: "neuer1", link, expiresInMinutes });

  test("links the reset page in both parts", () => {
    const mail = reset(30);
    expect(mail.subject).toBe("Reset your Keeper Shop password");
    expect(mail.text.split("\n")).toContain(link);
    expect(mail.html).toContain(`href="${escapedLink}"`);
  });

  test("states when the link expires, in words, in both parts", () => {
    const cases: [number, string][] = [
      [30, "30 minutes"],
      [1, "1 minute"],
      [60, "1 hour"],
      [120, "2 hours"],
      [90, "90 minutes"],
    ];
    for (const [minutes, words] of cases) {
      const mail = reset(minutes);
      expect(mail.text).toContain(`This link expires in ${words}.`);
      expect(mail.html).toContain(`This link expires in ${words}.`);
    }
  });

  test("says it can be ignored when the reset was not requested", () => {
    const mail = reset(30);
    const ignore = "If you did not ask for this, you can ignore this email: your password stays as it is.";
    expect(mail.text).toContain(ignore);
    expect(mail.html).toContain(ignore);
  });
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
