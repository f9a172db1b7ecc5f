import { expect, test } from "vitest";
import { iframeSrc, playerUrlFrom } from "./embed-src.ts";
import { embedFrom } from "./oembed.ts";
import { hostsProvider, youtubeProvider } from "./provider.ts";

const YOUTUBE_HTML =
  '<iframe width="200" height="113" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" frameborder="0" ' +
  'allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" ' +
  'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen title="Never Gonna Give You Up"></iframe>';

test("the iframe's src is read from the provider's HTML, its character references undone", () => {
  expect(iframeSrc(YOUTUBE_HTML)).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed");
  expect(iframeSrc(`<IFRAME SRC='https://www.youtube.com/embed/x?a=1&amp;b=2'></IFRAME>`)).toBe(
    "https://www.youtube.com/embed/x?a=1&b=2",
  );
  expect(iframeSrc("<iframe src=https://www.youtube.com/embed/x&#38;y></iframe>")).toBe("https://www.youtube.com/embed/x&y");
  // data-src is not src.
  expect(iframeSrc('<iframe data-src="https://evil.example/"></iframe>')).toBeNull();
  expect(iframeSrc('<video src="https://www.youtube.com/embed/x"></video>')).toBeNull();
  expect(iframeSrc("")).toBeNull();
});

test("only the provider's player is kept; anything else in the HTML is ignored", () => {
  expect(playerUrlFrom(YOUTUBE_HTML, youtubeProvider())).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed");
  expect(playerUrlFrom('<iframe src="https://evil.example/embed/x"></iframe>', youtubeProvider())).toBeNull();
  expect(playerUrlFrom('<iframe src="javascript:alert(1)"></iframe>', youtubeProvider())).toBeNull();
  expect(playerUrlFrom("<script>alert(1)</script>", youtubeProvider())).toBeNull();
  expect(playerUrlFrom(YOUTUBE_HTML, hostsProvider(["videos.example.com"]))).toBeNull();
});

test("an oEmbed answer becomes an embed with the player's address and the video's facts", () => {
  const answer = {
    type: "video",
    version: "1.0",
    title: "Never Gonna Give You Up",
    provider_name: "YouTube",
    thumbnail_url: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    width: 200,
    height: "113",
    html: YOUTUBE_HTML,
  };
  expect(embedFrom(JSON.stringify(answer), youtubeProvider())).toEqual({
    embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed",
    title: "Never Gonna Give You Up",
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    width: 200,
    height: 113,
    providerName: "YouTube",
  });
  expect(embedFrom(JSON.stringify({ type: "video", html: YOUTUBE_HTML }), youtubeProvider())).toMatchObject({
    title: null,
    width: null,
    providerName: null,
  });
  for (const body of [
    "not json",
    "null",
    JSON.stringify({ ...answer, type: "photo" }),
    JSON.stringify({ ...answer, html: "" }),
    JSON.stringify({ ...answer, html: '<iframe src="https://evil.example/embed/x"></iframe>' }),
  ])
    expect(embedFrom(body, youtubeProvider()), body).toBeNull();
});
