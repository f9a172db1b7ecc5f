import { expect, test } from "vitest";
import { hashRecoveryCode, newRecoveryCode, normalRecoveryCode } from "./recovery-code.ts";

test("recovery codes are three groups of four characters nobody misreads, and are read back as typed", () => {
  const codes = Array.from({ length: 200 }, newRecoveryCode);
  for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{4}$/);
  expect(new Set(codes).size).toBe(codes.length);
  const code = codes[0]!;
  expect(normalRecoveryCode(` ${code.toUpperCase().replaceAll("-", " ")} `)).toBe(code.replaceAll("-", ""));
  expect(hashRecoveryCode(normalRecoveryCode(code)!)).toMatch(/^[0-9a-f]{64}$/);
  expect(normalRecoveryCode("abcd-efgh-ijk0")).toBeNull();
  expect(normalRecoveryCode("123456")).toBeNull();
});
