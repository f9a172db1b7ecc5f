import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { newCustomer } from "../support/e2e-visitors.ts";
import { hydrated } from "../support/hydration.ts";

/*
 * A customer's profile picture on the personal details page (issue 13 §2): uploaded with and
 * without JavaScript, shown through the image endpoint, refused with a clear message when it is
 * not an image or too large, and removed.
 */

/** A photo as a phone makes it, with the camera's details in it. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 30, g: 110, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneCam" } })
    .toBuffer();
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
