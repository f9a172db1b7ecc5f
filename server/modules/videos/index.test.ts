import { expect, test } from "vitest";
import { createVideos } from "./index.ts";

/* Lookups of one video by several visitors at once: each visitor's rate limit is theirs alone. */

const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";
const ANSWER = {
  type: "video",
  title: "Diving saves",
  html: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"></iframe>',
  provider_name: "YouTube",
};

class Limited extends Error {}

test("a rate-limited visitor's lookup fails alone; another's lookup of the same video at the same time is answered", async () => {
  let requests = 0;
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const videos = createVideos({
    fetch: async () => {
      requests += 1;
      await answered;
      return new Response(JSON.stringify(ANSWER), { headers: { "content-type": "application/json" } });
    },
  });
  const limited = videos.lookupEmbed(VIDEO, {
    beforeRequest: async () => {
      throw new Limited("too many lookups");
    },
  });
  const other = videos.lookupEmbed(VIDEO, { beforeRequest: async () => {} });
  await expect(limited).rejects.toBeInstanceOf(Limited);
  release();
  expect(await other).toMatchObject({ ok: true, embed: { title: "Diving saves" } });
  expect(requests).toBe(1);
  // Kept now: even the limited visitor gets it, without a request or a check.
  expect(
    await videos.lookupEmbed(VIDEO, {
      beforeRequest: async () => {
        throw new Limited("too many lookups");
      },
    }),
  ).toMatchObject({ ok: true });
  expect(requests).toBe(1);
});

test("a visitor joining a lookup under way is not counted against their limit", async () => {
  let release!: () => void;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const videos = createVideos({
    fetch: async () => {
      await answered;
      return new Response(JSON.stringify(ANSWER), { headers: { "content-type": "application/json" } });
    },
  });
  const counted: string[] = [];
  const first = videos.lookupEmbed(VIDEO, { beforeRequest: async () => void counted.push("first") });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const second = videos.lookupEmbed(VIDEO, { beforeRequest: async () => void counted.push("second") });
  release();
  expect(await Promise.all([first, second])).toMatchObject([{ ok: true }, { ok: true }]);
  expect(counted).toEqual(["first"]);
});
