import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { ApolloClient, ApolloLink, InMemoryCache, gql } from "@apollo/client";
import UploadHttpLink from "apollo-upload-client/UploadHttpLink.mjs";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, products, users } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { proveSecondFactor } from "../../../tests/support/staff-sessions.ts";
import { registeredCustomer } from "../../../tests/support/customers-fixtures.ts";
import { UPLOAD_KINDS, UPLOAD_REQUEST_BYTES } from "../../modules/media/uploads.ts";
import { createImageRoutes } from "../images/routes.ts";
import { liveGraphQLServer, seededShop } from "../../../tests/support/graphql-harness.ts";

/*
 * Uploads over GraphQL (issue 13 §2): Apollo Client's upload link against the real endpoint over
 * HTTP, the multipart request spec's refusals, what is stored (re-encoded, no metadata) and that
 * the image endpoint shows it.
 */

const PUBLIC_URL = "http://shop.test";
let shop: Awaited<ReturnType<typeof seededShop>>;
let server: Awaited<ReturnType<typeof liveGraphQLServer>>;
let people = 0;

beforeAll(async () => {
  shop = await seededShop(20);
  server = await liveGraphQLServer(shop, { publicUrl: PUBLIC_URL });
});

afterAll(async () => {
  await server?.close();
  await shop?.services.accounts.settled();
  await shop?.close();
});

const customer = () => registeredCustomer(shop.services, shop.database.db, 7000 + ++people);

/** Apollo Client as a shop's app would set it up: the upload link, the token, and the preflight header. */
function apollo(headers: Record<string, string>) {
  return new ApolloClient({
    cache: new InMemoryCache(),
    link: ApolloLink.from([
      new UploadHttpLink({ uri: server.httpUrl, headers: { "Apollo-Require-Preflight": "true", ...headers } }),
    ]),
  });
}

/** A photo as a phone takes it: a JPEG with the camera's metadata (EXIF). */
async function photo(width = 1600, height = 1200): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Ann, at home in Utrecht", Make: "PhoneCam" } })
    .toBuffer();
  return new Uint8Array(bytes);
}

const SET_PICTURE = gql`
  mutation SetPicture($picture: Upload!) {
    setProfilePicture(picture: $picture) {
      id
      picture(width: 240)
    }
  }
`;

/** Where the image endpoint's address says the picture is: its /uploads/ source. */
function sourceOf(url: string): string {
  return new URL(url, PUBLIC_URL).searchParams.get("src")!;
}

const uploadsIn = (folder: string) =>
  existsSync(join(shop.dataDir, "uploads", folder)) ? readdirSync(join(shop.dataDir, "uploads", folder)) : [];

/** A multipart request as the spec has it, sent without a client library (for the refusals). */
function multipart(query: string, file: Blob | null, headers: Record<string, string>, variable = "picture"): Promise<Response> {
  const form = new FormData();
  form.set("operations", JSON.stringify({ query, variables: { [variable]: null } }));
  form.set("map", JSON.stringify(file ? { 0: [`variables.${variable}`] } : {}));
  if (file) form.set("0", file, "file.jpg");
  return fetch(server.httpUrl, { method: "POST", headers, body: form });
}

const SET_PICTURE_TEXT = "mutation ($picture: Upload!) { setProfilePicture(picture: $picture) { picture } }";

describe("a customer's profile picture", () => {
  test("Apollo's upload link sets it: re-encoded as WebP without the photo's metadata, shown by the image endpoint", async () => {
    const ann = await customer();
    const client = apollo(ann.bearer);
    // The name and the declared type say PNG; the bytes are a JPEG, and the bytes decide.
    const file = new File([await photo()], "holiday.png", { type: "image/png" });
    const result = await client.mutate<{ setProfilePicture: { id: string; picture: string } }>({
      mutation: SET_PICTURE,
      variables: { picture: file },
    });
    const picture = result.data!.setProfilePicture.picture;
    expect(picture).toMatch(/^\/images\/product\/240\?src=%2Fuploads%2Fpictures%2F[0-9a-f]{32}\.webp$/);

    const stored = join(shop.dataDir, sourceOf(picture));
    const metadata = await sharp(await readFile(stored)).metadata();
    expect(metadata.format).toBe("webp");
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(Math.max(metadata.width, metadata.height)).toBe(UPLOAD_KINDS.picture.maxSide);

    // Shown through the image endpoint, like every image of the shop.
    const images = createImageRoutes({ dataDir: shop.dataDir, imageHosts: [] });
    const shown = await images.request(picture.replace(/^\/images/, ""));
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(240);

    // Read back on the customer.
    const me = await client.query<{ me: { picture: string } }>({
      query: gql`
        {
          me {
            picture(width: 96)
          }
        }
      `,
    });
    expect(sourceOf(me.data!.me.picture)).toBe(sourceOf(picture));
  });

  test("a new picture replaces the old one's file; removing it leaves none", async () => {
    const ben = await customer();
    const client = apollo(ben.bearer);
    const first = await client.mutate<{ setProfilePicture: { picture: string } }>({
      mutation: SET_PICTURE,
      variables: { picture: new Blob([await photo(400, 400)]) },
    });
    const second = await client.mutate<{ setProfilePicture: { picture: string } }>({
      mutation: SET_PICTURE,
      variables: { picture: new Blob([await photo(300, 500)]) },
    });
    const [old, current] = [first, second].map((r) => join(shop.dataDir, sourceOf(r.data!.setProfilePicture.picture)));
    expect(old).not.toBe(current);
    expect(existsSync(current!)).toBe(true);
    await expect.poll(() => existsSync(old!)).toBe(false);

    const removed = await client.mutate<{ removeProfilePicture: { picture: string | null } }>({
      mutation: gql`
        mutation {
          removeProfilePicture {
            picture
          }
        }
      `,
    });
    expect(removed.data!.removeProfilePicture.picture).toBeNull();
    await expect.poll(() => existsSync(current!)).toBe(false);
  });

  test("what is not a usable image is refused with a clear error, and nothing is stored", async () => {
    const cara = await customer();
    const before = uploadsIn("pictures").length;
    const send = async (file: Blob) => {
      const response = await multipart(SET_PICTURE_TEXT, file, { ...cara.bearer, "apollo-require-preflight": "true" });
      const body = (await response.json()) as { errors?: { message: string; extensions: Record<string, unknown> }[] };
      return body.errors?.[0];
    };

    // A text file dressed as a JPEG.
    expect(await send(new Blob(["<script>alert(1)</script>"], { type: "image/jpeg" }))).toMatchObject({
      message: "The picture must be a JPEG, PNG or WebP image.",
      extensions: { code: "BAD_USER_INPUT", argument: "picture" },
    });
    // A JPEG's first bytes and then nothing an image decoder can read.
    const broken = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]));
    expect(await send(new Blob([broken]))).toMatchObject({
      message: "The picture could not be read as a JPEG image, or it is too large.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    // Larger than a picture may be (though the request itself is within the upload limit).
    const large = new Uint8Array(Buffer.concat([await photo(64, 64), Buffer.alloc(UPLOAD_KINDS.picture.maxBytes)]));
    expect(await send(new Blob([large]))).toMatchObject({
      message: "The picture is larger than 5 MB. Please send a smaller one.",
      extensions: { code: "BAD_USER_INPUT" },
    });
    // An empty file.
    expect(await send(new Blob([]))).toMatchObject({ message: "Choose a picture to upload." });
    expect(uploadsIn("pictures")).toHaveLength(before);
  });

  test("an Upload is only a file of a multipart request: not text in the query or the variables", async () => {
    const dan = await customer();
    const asJson = await fetch(server.httpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...dan.bearer },
      body: JSON.stringify({ query: SET_PICTURE_TEXT, variables: { picture: "/etc/passwd" } }),
    });
    expect(((await asJson.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(
      /Upload takes a file sent in a multipart request/,
    );
    const inline = await fetch(server.httpUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...dan.bearer },
      body: JSON.stringify({ query: 'mutation { setProfilePicture(picture: "x") { picture } }' }),
    });
    expect(((await inline.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(
      /A file cannot be written in the query/,
    );
  });

  test("a guest's upload is not read at all", async () => {
    const response = await multipart(SET_PICTURE_TEXT, new Blob([await photo(64, 64)]), { "apollo-require-preflight": "1" });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      errors: [{ message: "Log in to upload files.", extensions: { code: "UNAUTHENTICATED" } }],
    });
  });
});

describe("the multipart request's guard against other sites", () => {
  test("without a preflight header, only the shop's own pages may send one", async () => {
    const eve = await customer();
    const file = new Blob([await photo(64, 64)]);
    // A plain form on another site, riding on the customer's cookie: the one guard against
    // cross-site writes (http/cross-site-writes.ts) refuses it before GraphQL, whatever it carries.
    const crossSite = await multipart(SET_PICTURE_TEXT, file, { ...eve.cookie, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({
      errors: [{ message: "Cross-site requests are not allowed.", extensions: { code: "FORBIDDEN" } }],
    });
    expect(
      (
        await multipart(SET_PICTURE_TEXT, file, {
          ...eve.cookie,
          origin: "https://evil.example",
          "apollo-require-preflight": "1",
        })
      ).status,
    ).toBe(403);
    // Without the cookie, the multipart rule speaks: another site's page must force a preflight.
    const preflight = {
      errors: [
        {
          message: "Send uploads with an Apollo-Require-Preflight header (any value), or from the shop's own pages.",
          extensions: { code: "CSRF_PREVENTED" },
        },
      ],
    };
    const fromElsewhere = await multipart(SET_PICTURE_TEXT, file, { ...eve.bearer, origin: "https://evil.example" });
    expect(fromElsewhere.status).toBe(400);
    expect(await fromElsewhere.json()).toEqual(preflight);
    // A program that says nothing of where it comes from must ask for the preflight too.
    expect((await multipart(SET_PICTURE_TEXT, file, eve.bearer)).status).toBe(400);
    // Another site cannot get past it by naming the header with an empty value.
    expect(
      (await multipart(SET_PICTURE_TEXT, file, { ...eve.bearer, origin: "https://evil.example", "apollo-require-preflight": "" }))
        .status,
    ).toBe(400);

    // The shop's own page (its origin), on the cookie.
    const own = await multipart(SET_PICTURE_TEXT, file, { ...eve.cookie, origin: PUBLIC_URL });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { data: { setProfilePicture: { picture: string } } }).data.setProfilePicture.picture).toMatch(
      /^\/images\//,
    );
  });

  test("a request larger than the upload limit is refused from its declared length, before it is read", async () => {
    const fay = await customer();
    // Node's fetch will not send a body shorter than its declared length: a raw request does, as a client may.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = request(
        server.httpUrl,
        {
          method: "POST",
          headers: {
            ...fay.bearer,
            "apollo-require-preflight": "1",
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(UPLOAD_REQUEST_BYTES + 1),
          },
        },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => {
            // The body was never finished: the connection is closed, not left to the server's shutdown.
            sent.destroy();
            resolve({ status: response.statusCode!, body });
          });
        },
      );
      sent.on("error", reject);
      sent.write("--x\r\n");
    });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe(
      "REQUEST_ENTITY_TOO_LARGE",
    );
  });

  test("a multipart request not shaped as the spec says is a clear 400, never a server error", async () => {
    const gil = await customer();
    const headers = { ...gil.bearer, "apollo-require-preflight": "1" };
    const send = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      form.set("0", new Blob([await photo(32, 32)]), "me.jpg");
      const response = await fetch(server.httpUrl, { method: "POST", headers, body: form });
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      return { status: response.status, ...body.errors[0]! };
    };
    const operations = JSON.stringify({ query: SET_PICTURE_TEXT, variables: { picture: null } });
    for (const fields of <Record<string, string>[]>[
      { operations: "null", map: "{}" },
      { operations: "5", map: "{}" },
      { operations: '"abc"', map: "{}" },
      { operations, map: '{"0": 5}' },
      { operations, map: "{not json" },
      { map: '{"0": ["variables.picture"]}' },
    ]) {
      const answer = await send(fields);
      expect(answer, JSON.stringify(fields)).toMatchObject({ status: 400, extensions: { code: "BAD_REQUEST" } });
    }
  });
});

describe("the parts of a multipart request", () => {
  test("are operations, map and the one file the map names: unnamed, extra or out-of-order parts are a clear 400, and nothing is stored", async () => {
    const ivy = await customer();
    const headers = { ...ivy.bearer, "apollo-require-preflight": "1" };
    const operations = JSON.stringify({ query: SET_PICTURE_TEXT, variables: { picture: null } });
    const mapped = JSON.stringify({ 0: ["variables.picture"] });
    const picture = new Blob([await photo(32, 32)]);
    const send = async (parts: [string, string | Blob][]) => {
      const form = new FormData();
      for (const [name, value] of parts) {
        if (typeof value === "string") form.append(name, value);
        else form.append(name, value, `${name}.jpg`);
      }
      const response = await fetch(server.httpUrl, { method: "POST", headers, body: form });
      const body = (await response.json()) as { errors?: { message: string; extensions: { code: string } }[] };
      return { status: response.status, error: body.errors?.[0] };
    };
    const tiny = new Blob([new Uint8Array([1, 2, 3])]);
    // The probe's request: the one file the map names, then 2,000 more it does not.
    const flood: [string, string | Blob][] = [
      ["operations", operations],
      ["map", mapped],
      ["0", picture],
      ...Array.from({ length: 2_000 }, (_, i): [string, Blob] => [`x${i}`, tiny]),
    ];
    const cases: { parts: [string, string | Blob][]; message: string }[] = [
      { parts: flood, message: 'A request may carry "operations", "map" and at most 1 file.' },
      {
        parts: [
          ["operations", operations],
          ["map", "{}"],
          ["0", picture],
        ],
        message: 'The file part "0" is not named by the map.',
      },
      {
        parts: [
          ["operations", operations],
          ["map", mapped],
          ["extra", "text"],
        ],
        message: 'The multipart field "extra" is not expected: send "operations", then "map", then the files the map names.',
      },
      {
        parts: [
          ["operations", operations],
          ["0", picture],
          ["map", mapped],
        ],
        message: 'A file came before "operations" and "map": send them first, as the GraphQL multipart request spec says.',
      },
      {
        parts: [
          ["operations", operations],
          ["map", JSON.stringify({ 0: ["variables.picture"], 1: ["variables.picture"] })],
          ["0", picture],
        ],
        message: "The map names 2 files; a request may carry at most 1.",
      },
    ];
    for (const { parts, message } of cases) {
      const answer = await send(parts);
      expect(answer).toEqual({ status: 400, error: { message, extensions: { code: "BAD_REQUEST" } } });
    }
    const [row] = await shop.database.db.select({ picture: users.picture }).from(users).where(eq(users.id, ivy.id));
    expect(row!.picture).toBeNull();
    // As the spec has it, it goes through.
    const good = await send([
      ["operations", operations],
      ["map", mapped],
      ["0", picture],
    ]);
    expect(good).toEqual({ status: 200, error: undefined });
  });
});

describe("a product image added by staff, through the back office's gallery (ADR 65, 73)", () => {
  const ADD_IMAGE = gql`
    mutation AddImage($productId: ID!, $image: Upload!, $alt: String!, $version: String) {
      addProductImage(productId: $productId, image: $image, alt: $alt, version: $version) {
        path
        alt
        width
        height
        src(width: 320)
      }
    }
  `;

  /** A back-office account with its second factor given in its session (ADR 59). */
  async function staffMember(secondFactor = true) {
    const staff = await customer();
    await shop.database.db.update(users).set({ role: "staff" }).where(eq(users.id, staff.id));
    if (secondFactor) await proveSecondFactor(shop.services, shop.database.db, staff.jwt);
    return staff;
  }
  const versionOf = async (id: number) => (await shop.services.productEditor.product(systemScope(shop.database.db), id)).version;

  test("staff add one: it comes after the product's other images, on the product page's data, audited", async () => {
    const staff = await staffMember();
    const [product] = await shop.database.db.select({ id: products.id, slug: products.slug }).from(products).limit(1);
    const before = await versionOf(product!.id);
    const client = apollo(staff.bearer);
    const result = await client.mutate<{ addProductImage: { path: string; alt: string; width: number; src: string } }>({
      mutation: ADD_IMAGE,
      variables: {
        productId: String(product!.id),
        image: new Blob([await photo(3000, 3000)]),
        alt: "The glove's palm, close up",
      },
    });
    const added = result.data!.addProductImage;
    expect(added).toMatchObject({ alt: "The glove's palm, close up", width: UPLOAD_KINDS["product-image"].maxSide });
    expect(added.path).toMatch(/^\/uploads\/products\/[0-9a-f]{32}\.webp$/);
    expect(added.src).toBe(`/images/product/320?src=${encodeURIComponent(added.path)}`);

    const detail = await shop.services.catalog.productDetail(product!.slug);
    expect(detail!.images.at(-1)).toMatchObject({ path: added.path, alt: "The glove's palm, close up" });
    expect(detail!.images.length).toBeGreaterThan(1);
    // As an upload in the back office: the product's version moves on, and the change is audited with who made it.
    const after = await versionOf(product!.id);
    expect(after).not.toBe(before);
    const [entry] = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "product"), eq(auditLog.entityId, String(product!.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: "product.image-added", actorId: staff.id });

    // With the version read: the current one adds; the one from before that image is refused.
    const next = await client.mutate<{ addProductImage: { alt: string } }>({
      mutation: ADD_IMAGE,
      variables: { productId: String(product!.id), image: new Blob([await photo(64, 64)]), alt: "The back", version: after },
    });
    expect(next.data!.addProductImage.alt).toBe("The back");
    const stale = await client
      .mutate({
        mutation: ADD_IMAGE,
        variables: { productId: String(product!.id), image: new Blob([await photo(64, 64)]), alt: "Lost", version: before },
      })
      .then(
        () => null,
        (error: { errors?: { extensions?: Record<string, unknown> }[] }) => error.errors?.[0],
      );
    expect(stale).toMatchObject({ extensions: { code: "STALE_VERSION", changedAt: expect.any(String) } });
    const images = (await shop.services.catalog.productDetail(product!.slug))!.images.map((image) => image.alt);
    expect(images.slice(-2)).toEqual(["The glove's palm, close up", "The back"]);
  });

  test("a customer may not; an unknown product or a missing text is refused, and no file is left behind", async () => {
    const before = uploadsIn("products").length;
    const gus = await customer();
    const [product] = await shop.database.db.select({ id: products.id }).from(products).limit(1);
    const image = async () => new Blob([await photo(64, 64)]);
    const attempt = async (headers: Record<string, string>, variables: Record<string, unknown>) => {
      const result = await apollo(headers)
        .mutate({ mutation: ADD_IMAGE, variables: { image: await image(), ...variables } })
        .then(
          () => null,
          (error: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) => error.errors?.[0],
        );
      return result;
    };
    expect(await attempt(gus.bearer, { productId: String(product!.id), alt: "x" })).toMatchObject({
      extensions: { code: "FORBIDDEN" },
    });
    // A back-office account acts here as in the back office: with its second factor given.
    const unverified = await staffMember(false);
    expect(await attempt(unverified.bearer, { productId: String(product!.id), alt: "x" })).toMatchObject({
      message: "Sign in to the back office with your second factor first.",
      extensions: { code: "FORBIDDEN", reason: "second-factor" },
    });
    const staff = await staffMember();
    expect(await attempt(staff.bearer, { productId: "999999", alt: "x" })).toMatchObject({
      message: "This product does not exist.",
      extensions: { code: "NOT_FOUND" },
    });
    expect(await attempt(staff.bearer, { productId: String(product!.id), alt: "  " })).toMatchObject({
      message: "Describe the image for those who cannot see it.",
      extensions: { code: "BAD_USER_INPUT", argument: "alt" },
    });
    expect(uploadsIn("products")).toHaveLength(before);
  });
});
