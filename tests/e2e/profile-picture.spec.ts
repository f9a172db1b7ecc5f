import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { newCustomer } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";

/*
 * A customer's profile picture on the personal details page (issue 13 §2): uploaded with and
 * without JavaScript, shown through the image endpoint, refused with a clear message when it is
 * not an image or too large, and removed.
 */

/**
 * A photo as a phone makes it, with the camera's details in it: grainy, so it weighs far more than
 * the 64 KB an ordinary form may.
 */
async function photo(): Promise<Buffer> {
  const bytes = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: "#1e6ec8", noise: { type: "gaussian", mean: 128, sigma: 50 } },
  })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "PhoneCam" } })
    .toBuffer();
  expect(bytes.byteLength).toBeGreaterThan(256 * 1024);
  return bytes;
}

const section = (page: Page) => page.getByRole("region", { name: "Picture" });

/** The picture shown, once the browser has loaded it from the image endpoint. */
async function expectPictureShown(page: Page) {
  const image = page.getByTestId("profile-picture");
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /^\/images\/product\/160\?src=%2Fuploads%2Fpictures%2F[0-9a-f]{32}\.webp$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(160);
}

test("with JavaScript: a picture is uploaded, a file too large or not an image is refused, and it is removed", async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto("/my-account/personal-details");
  const picture = section(page);
  await expect(picture.getByTestId("no-picture")).toBeVisible();
  await hydrated(picture.getByRole("button", { name: "Upload picture" }));

  // Too large: refused in the browser, before a byte is sent.
  const sent: string[] = [];
  page.on("request", (request) => request.method() === "POST" && sent.push(request.url()));
  await picture.getByLabel("Picture").setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(6 * 1024 * 1024, 1),
  });
  await picture.getByRole("button", { name: "Upload picture" }).click();
  await expect(picture.getByText("The picture is larger than 5 MB. Please send a smaller one.")).toBeVisible();
  expect(sent).toEqual([]);

  // Not an image, whatever its name says: refused by the server.
  await picture.getByLabel("Picture").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: Buffer.from("hello") });
  await picture.getByRole("button", { name: "Upload picture" }).click();
  await expect(picture.getByText("The picture must be a JPEG, PNG or WebP image.")).toBeVisible();

  await picture.getByLabel("Picture").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await picture.getByRole("button", { name: "Upload picture" }).click();
  await expect(picture.getByText("Your picture is saved.")).toBeVisible();
  await expectPictureShown(page);

  await picture.getByRole("button", { name: "Remove picture" }).click();
  await expect(picture.getByText("Your picture is removed.")).toBeVisible();
  await expect(picture.getByTestId("no-picture")).toBeVisible();
  await context.close();
});

test("without JavaScript: the plain form uploads a picture and shows it", async ({ browser }) => {
  const { context, page } = await newCustomer(browser, { javaScriptEnabled: false });
  await page.goto("/my-account/personal-details");
  const picture = section(page);
  await picture.getByLabel("Picture").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await picture.getByRole("button", { name: "Upload picture" }).click();
  await expect(picture.getByText("Your picture is saved.")).toBeVisible();
  await expectPictureShown(page);

  // A reload shows the same picture: it is the account's.
  await page.goto("/my-account/personal-details");
  await expectPictureShown(page);
  await context.close();
});

test("the shop's own page may send a GraphQL multipart upload on its cookie; the picture shows on the page", async ({
  browser,
}) => {
  const { context, page } = await newCustomer(browser);
  await page.goto("/my-account/personal-details");
  const base64 = (await photo()).toString("base64");
  // As a script of the shop's page sends it: the browser adds the page's origin and the cookie.
  const answer = await page.evaluate(async (encoded) => {
    const form = new FormData();
    form.set(
      "operations",
      JSON.stringify({
        query: "mutation ($p: Upload!) { setProfilePicture(picture: $p) { picture(width: 320) } }",
        variables: { p: null },
      }),
    );
    form.set("map", JSON.stringify({ 0: ["variables.p"] }));
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    form.set("0", new File([bytes], "me.jpg", { type: "image/jpeg" }));
    const response = await fetch("/graphql", { method: "POST", body: form });
    return { status: response.status, body: await response.json() };
  }, base64);
  expect(answer.status).toBe(200);
  expect(answer.body.data.setProfilePicture.picture).toMatch(/^\/images\/product\/320\?src=%2Fuploads%2Fpictures%2F/);
  await page.reload();
  await expectPictureShown(page);
  await context.close();
});
