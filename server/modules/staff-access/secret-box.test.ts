import { expect, test } from "vitest";
import { createSecretBox } from "./secret-box.ts";

const box = createSecretBox("a shop secret of enough length for tests");

test("a sealed secret opens for its account and shows nothing of the secret", () => {
  const sealed = box.seal("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 7);
  expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(sealed).not.toContain("GEZDGNBV");
  expect(box.open(sealed, 7)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  // A fresh IV each time: the same secret never seals to the same text.
  expect(box.seal("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 7)).not.toBe(sealed);
});

test("a tampered, moved or foreign sealed secret does not open", () => {
  const sealed = box.seal("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 7);
  const [version, iv, body, tag] = sealed.split(".") as [string, string, string, string];
  const flipped = (part: string) => {
    const bytes = Buffer.from(part, "base64url");
    bytes[0] = bytes[0]! ^ 1;
    return bytes.toString("base64url");
  };
  expect(() => box.open([version, iv, flipped(body), tag].join("."), 7)).toThrow();
  expect(() => box.open([version, flipped(iv), body, tag].join("."), 7)).toThrow();
  expect(() => box.open([version, iv, body, flipped(tag)].join("."), 7)).toThrow();
  expect(() => box.open([version, iv, body, tag.slice(0, 8)].join("."), 7)).toThrow();
  // Copied onto another account's row.
  expect(() => box.open(sealed, 8)).toThrow();
  // Sealed under another shop's secret.
  expect(() => createSecretBox("another shop's secret, also long enough").open(sealed, 7)).toThrow();
  expect(() => box.open("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 7)).toThrow();
});
