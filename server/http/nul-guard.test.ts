import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { bodyLimits } from "./body-limits.ts";
import { nulGuard } from "./nul-guard.ts";

/* The NUL guard as server/app.ts mounts it (after the body limits): what it passes on arrives whole. */

const app = new Hono();
app.use("*", bodyLimits());
app.use("*", nulGuard());
app.post("/json", async (c) => c.json(await c.req.json()));
app.post("*", async (c) => {
  const form = await c.req.raw.formData();
  const file = form.get("picture") as File;
  return c.json({ name: form.get("name"), bytes: [...new Uint8Array(await file.arrayBuffer())] });
});

describe("the NUL guard passes on", () => {
  test("a multipart upload whose file holds NUL bytes, whole, to a handler that reads the body itself", async () => {
    const data = new FormData();
    data.set("name", "Sam");
    data.set("picture", new Blob([new Uint8Array([0, 255, 0, 1])]), "me.jpg");
    const response = await app.request("/my-account/personal-details", { method: "POST", body: data });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ name: "Sam", bytes: [0, 255, 0, 1] });
  });

  test("a JSON body, still readable by the handler", async () => {
    const response = await app.request("/json", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "a \\u0000 b", more: "\\\\u0000" }),
    });
    expect(await response.json()).toEqual({ text: "a \\u0000 b", more: "\\\\u0000" });
  });

  test("refuses a NUL in a multipart file's name or a JSON key", async () => {
    const data = new FormData();
    data.set("picture", new Blob([new Uint8Array([1])]), "me\u0000.jpg");
    expect((await app.request("/my-account/personal-details", { method: "POST", body: data })).status).toBe(400);
    const key = await app.request("/json", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a\\u0000":1}',
    });
    expect(key.status).toBe(400);
  });
});
