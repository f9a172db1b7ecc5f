import { describe, expect, test } from "vitest";
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password.ts";

describe("password hashes", () => {
  test("a hash verifies its password and no other, and never holds the password", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored).not.toContain("horse");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  test("the same password hashes differently each time (a random salt)", async () => {
    const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same password", b)).toBe(true);
  });

  test("a composed character and its decomposed form are the same password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait");
    expect(await verifyPassword("cafe\u0301 au lait", stored)).toBe(true);
  });

  test("damaged or foreign hashes verify nothing and ask to be replaced, never throw", async () => {
    const stored = await hashPassword("a good long password");
    const parts = stored.split("$");
    for (const bad of [
      "",
      "plain text",
      "bcrypt$2b$10$abc",
      [...parts.slice(0, 5), "AAAA"].join("$"),
      ["scrypt", "30", "8", "1", parts[4], parts[5]].join("$"),
      ["scrypt", "15", "x", "1", parts[4], parts[5]].join("$"),
    ]) {
      expect(await verifyPassword("a good long password", bad), bad).toBe(false);
      expect(needsRehash(bad), bad).toBe(true);
    }
    expect(needsRehash(stored)).toBe(false);
    expect(needsRehash(["scrypt", "14", "8", "1", parts[4], parts[5]].join("$"))).toBe(true);
  });
});

describe("password rules", () => {
  test("length alone, counted in characters: 8 to 128, anything allowed", () => {
    expect(passwordProblem("short")).toBe("Use at least 8 characters.");
    expect(passwordProblem("🧤🧤🧤🧤🧤🧤🧤")).toBe("Use at least 8 characters.");
    expect(passwordProblem("🧤🧤🧤🧤🧤🧤🧤🧤")).toBeNull();
    expect(passwordProblem("all lower case and spaces")).toBeNull();
    expect(passwordProblem("x".repeat(64))).toBeNull();
    expect(passwordProblem("x".repeat(128))).toBeNull();
    expect(passwordProblem("x".repeat(129))).toBe("Use at most 128 characters.");
  });

  test("common passwords, and the person's own e-mail or user name, are refused", () => {
    expect(passwordProblem("Password123")).toBe("This password is too common: choose one that is harder to guess.");
    expect(passwordProblem("qwertyuiop")).toMatch(/too common/);
    // Far down the breached-password ranking, not only its top: ASVS asks for the top 3,000 or more.
    expect(passwordProblem("BigMoney")).toMatch(/too common/);
    expect(passwordProblem("123456789zz")).toMatch(/too common/);
    expect(passwordProblem("goalkeeper")).toMatch(/too common/);
    expect(passwordProblem("Keeper.Jane", { username: "keeper.jane" })).toBe(
      "Do not use your e-mail address or user name as your password.",
    );
    expect(passwordProblem("jane.doe@example.com", { email: "Jane.Doe@example.com" })).toMatch(/e-mail address/);
    expect(passwordProblem("jane.doe.gloves", { email: "jane.doe@example.com" })).toBeNull();
  });
});
