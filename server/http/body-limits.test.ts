import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { UPLOAD_REQUEST_BYTES } from "../modules/media/uploads-rules.ts";
import { bodyLimits, FORM_BODY_BYTES } from "./body-limits.ts";

/* The body limits as server/app.ts mounts them: a few KB everywhere, an upload's size where files go. */

const app = new Hono();
app.use("*", bodyLimits());
app.post("*", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));

/** A multipart form carrying `bytes` of file. */
function form(bytes: number): FormData {
  const data = new FormData();
  data.set("intent", "picture");
  data.set("picture", new Blob([new Uint8Array(bytes)]), "me.jpg");
  return data;
}

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", body, headers });

describe("body limits", () => {
  test("a file of 200 KB reaches GraphQL and the personal details page, however the page is addressed", async () => {
    for (const path of [
      "/graphql",
      "/my-account/personal-details",
      "/my-account/personal-details?index",
      "/my-account/personal-details/",
      "/My-Account/Personal-Details",
      "/my-account/personal-details.data",
      "/my-account/personal-details/_.data",
      "/admin/products/12/images",
      "/admin/products/12/images.data",
    ]) {
      const response = await post(path, form(200 * 1024));
      expect(response.status, path).toBe(200);
      expect(Number(await response.text()), path).toBeGreaterThan(200 * 1024);
    }
  });

  test("anywhere else, and for anything but a multipart form, the few-KB limit stands", async () => {
    for (const path of ["/my-account/delivery-addresses", "/admin/products/12", "/admin/products/new/images"]) {
      const other = await post(path, form(200 * 1024));
      expect(other.status, path).toBe(413);
      expect(await other.text()).toBe("The request body is too large.");
    }

    const json = await post("/graphql", JSON.stringify({ query: "x".repeat(FORM_BODY_BYTES) }), {
      "content-type": "application/json",
    });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({
      errors: [{ message: "The request body is too large.", extensions: { code: "REQUEST_ENTITY_TOO_LARGE" } }],
    });

    const api = await post("/api/newsletter", "x".repeat(FORM_BODY_BYTES + 1), { "content-type": "text/plain" });
    expect(api.status).toBe(413);
    expect(((await api.json()) as { error: { name: string } }).error.name).toBe("PayloadTooLargeError");
  });

  test("an upload larger than the largest file the shop takes is refused, in the shape its sender reads", async () => {
    const graphql = await post("/graphql", form(UPLOAD_REQUEST_BYTES));
    expect(graphql.status).toBe(413);
    expect(await graphql.json()).toEqual({
      errors: [{ message: "The upload is too large.", extensions: { code: "REQUEST_ENTITY_TOO_LARGE" } }],
    });
    const page = await post("/my-account/personal-details", form(UPLOAD_REQUEST_BYTES));
    expect(page.status).toBe(413);
    expect(await page.text()).toBe("The file is too large: pictures may be at most 5 MB.");
    const images = await post("/admin/products/12/images", form(UPLOAD_REQUEST_BYTES));
    expect(images.status).toBe(413);
    expect(await images.text()).toBe("The images are too large: at most 10 MB together.");
  });

  test("a streamed body without a declared length is cut off at the limit too", async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(FORM_BODY_BYTES / 2));
        controller.close();
      },
    });
    const response = await app.request("/checkout", { method: "POST", body: chunks, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
  });
});
