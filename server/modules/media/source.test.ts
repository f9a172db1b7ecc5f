import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ShopError } from "../../lib/shop-error.ts";
import { imageRequestSchema, isAllowedHost, parseImageRequest, type ImageRequest } from "./source.ts";

const mediaDir = "/srv/shop/data/media";
const uploadsDir = "/srv/shop/data/uploads";
const schema = imageRequestSchema({ mediaDir, uploadsDir, allowedHosts: ["cdn.example.com", "127.0.0.1:8080"] });

function parse(input: { preset?: string; width?: string; src?: string }): ImageRequest {
  return parseImageRequest(schema, { preset: "product", width: "320", ...input });
}

function refusal(input: { preset?: string; width?: string; src?: string }): string {
  try {
    parse(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ShopError);
    expect((error as ShopError).code).toBe("IMAGE_REQUEST_INVALID");
    return (error as ShopError).message;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe("image request", () => {
  it("reads a /media/ path as a file inside the media folder", () => {
    expect(parse({ src: "/media/products/glove-red-front.webp" })).toEqual({
      preset: "product",
      width: 320,
      source: {
        kind: "local",
        folder: "media",
        path: "products/glove-red-front.webp",
        file: join(mediaDir, "products/glove-red-front.webp"),
        root: mediaDir,
      },
    });
    // As mediaUrl() encodes it.
    expect(parse({ src: "/media/brands/safe%20hands.webp" }).source).toMatchObject({ path: "brands/safe hands.webp" });
  });

  it("reads an /uploads/ path as a file inside the uploads folder", () => {
    expect(parse({ src: "/uploads/pictures/0f3a.webp" }).source).toEqual({
      kind: "local",
      folder: "uploads",
      path: "pictures/0f3a.webp",
      file: join(uploadsDir, "pictures/0f3a.webp"),
      root: uploadsDir,
    });
  });

  it("accepts both presets and every allowed width", () => {
    expect(parse({ preset: "logo", width: "96", src: "/media/a.webp" })).toMatchObject({
      preset: "logo",
      width: 96,
      source: { kind: "local" },
    });
    for (const width of ["96", "160", "240", "320", "480", "640", "800", "1200"]) {
      expect(parse({ width, src: "/media/a.webp" }).width).toBe(Number(width));
    }
  });

  it("refuses unknown presets and widths outside the list", () => {
    expect(refusal({ preset: "avatar", src: "/media/a.webp" })).toBe("preset must be one of product, logo, cover");
    expect(refusal({ preset: "__proto__", src: "/media/a.webp" })).toMatch(/^preset must be one of/);
    for (const width of ["100", "0", "-320", "320.0", "0320", "3e2", "1e9", "", "abc", "99999999"]) {
      expect(refusal({ width, src: "/media/a.webp" })).toBe("width must be one of 96, 160, 240, 320, 480, 640, 800, 1200");
    }
  });

  it("refuses path traversal, absolute paths and null bytes", () => {
    const bad = [
      "/media/../secrets.json",
      "/media/products/../../secrets.json",
      "/media/%2e%2e/secrets.json",
      "/media/%2E%2E%2Fsecrets.json",
      "/media/products/..%2f..%2fsecrets.json",
      "/media/./a.webp",
      "/media//etc/passwd",
      "/media/",
      "/media/a.webp%00.png",
      "/media/a.webp\u0000.png",
      "/media/..\\secrets.json",
      "/media/%5c..%5csecrets.json",
      "/media/a.webp?x=1",
      "/uploads/../secrets.json",
      "/uploads/%2e%2e/media/a.webp",
      "/uploads/",
      "/uploads//etc/passwd",
      "/upload/a.webp",
      "/media/%zz.webp",
      "/etc/passwd",
      "/secrets.json",
      "//evil.example/a.png",
      "media/a.webp",
      "../data/secrets.json",
      "C:\\Windows\\win.ini",
      "file:///etc/passwd",
    ];
    for (const src of bad) expect(refusal({ src }), src).toMatch(/^src /);
  });

  it("accepts http(s) addresses on allowed hosts only", () => {
    expect(parse({ src: "https://cdn.example.com/a/b.jpg?v=2" }).source).toEqual({
      kind: "remote",
      url: new URL("https://cdn.example.com/a/b.jpg?v=2"),
    });
    expect(parse({ src: "http://CDN.Example.com/b.png" }).source).toMatchObject({ kind: "remote" });
    expect(parse({ src: "http://127.0.0.1:8080/b.png" }).source).toMatchObject({ kind: "remote" });

    expect(refusal({ src: "https://evil.example/a.png" })).toBe("src host evil.example is not allowed");
    expect(refusal({ src: "https://cdn.example.com.evil.example/a.png" })).toMatch(/is not allowed/);
    expect(refusal({ src: "https://cdn.example.com:8443/a.png" })).toMatch(/is not allowed/);
    expect(refusal({ src: "http://127.0.0.1/a.png" })).toMatch(/is not allowed/);
    expect(refusal({ src: "http://127.0.0.1:9090/a.png" })).toMatch(/is not allowed/);
    expect(refusal({ src: "http://localhost:8080/a.png" })).toMatch(/is not allowed/);
    expect(refusal({ src: "https://user:pass@cdn.example.com/a.png" })).toBe("src must not carry credentials");
    expect(refusal({ src: "ftp://cdn.example.com/a.png" })).toMatch(/^src must be a \/media\/ or \/uploads\/ path/);
    expect(refusal({ src: "data:image/png;base64,AAAA" })).toMatch(/^src must be a \/media\/ or \/uploads\/ path/);
    expect(refusal({ src: "javascript:alert(1)" })).toMatch(/^src must be a \/media\/ or \/uploads\/ path/);
  });

  it("refuses a missing, empty or overlong src", () => {
    expect(parseImageRequest.bind(null, schema, { preset: "product", width: "320" })).toThrow("src is required");
    expect(refusal({ src: "" })).toBe("src is required");
    expect(refusal({ src: `/media/${"a".repeat(3000)}.webp` })).toMatch(/^src must be at most 2048 characters/);
  });

  it("allows no remote host when none is configured", () => {
    const strict = imageRequestSchema({ mediaDir, uploadsDir, allowedHosts: [] });
    expect(() => parseImageRequest(strict, { preset: "product", width: "320", src: "https://cdn.example.com/a.png" })).toThrow(
      /is not allowed/,
    );
  });
});

describe("isAllowedHost", () => {
  it("matches a bare host on the default port and host:port exactly", () => {
    expect(isAllowedHost(new URL("https://cdn.example.com/x"), ["cdn.example.com"])).toBe(true);
    expect(isAllowedHost(new URL("https://cdn.example.com:443/x"), ["cdn.example.com"])).toBe(true);
    expect(isAllowedHost(new URL("https://cdn.example.com/x"), ["cdn.example.com:443"])).toBe(true);
    expect(isAllowedHost(new URL("https://cdn.example.com:444/x"), ["cdn.example.com"])).toBe(false);
    expect(isAllowedHost(new URL("https://sub.cdn.example.com/x"), ["cdn.example.com"])).toBe(false);
    expect(isAllowedHost(new URL("http://[::1]:8080/x"), ["[::1]:8080"])).toBe(true);
    expect(isAllowedHost(new URL("ftp://cdn.example.com/x"), ["cdn.example.com"])).toBe(false);
  });
});
