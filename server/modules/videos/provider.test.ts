import { describe, expect, test } from "vitest";
import { isVideoAddress } from "../content/videos.ts";
import { hostsProvider, isLoopbackHost, videoProvider, youtubeProvider } from "./provider.ts";

describe("video links: which addresses are the provider's videos", () => {
  test("YouTube by default: watch, short and embed links, https only", () => {
    const { videoPatterns } = videoProvider();
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ",
      "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtu.be/dQw4w9WgXcQ?t=42",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    ])
      expect(isVideoAddress(url, videoPatterns), url).toBe(true);
    for (const url of [
      "http://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://vimeo.com/123456",
      "https://www.youtube.com/",
      "https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://evil.example/?https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)//https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    ])
      expect(isVideoAddress(url, videoPatterns), url).toBe(false);
  });

  test("configured hosts: an address on one of them naming a video, https unless the host is loopback", () => {
    const { videoPatterns } = hostsProvider(["videos.example.com", "127.0.0.1:8080"]);
    const accepted = [
      "https://videos.example.com/watch?v=abc",
      "https://videos.example.com/v/12345",
      "https://VIDEOS.example.com/v/12345",
      "https://videos.example.com/?v=abc",
      "http://127.0.0.1:8080/watch?v=abc",
      "https://127.0.0.1:8080/videos/abc#t=10",
    ];
    for (const url of accepted) expect(isVideoAddress(url, videoPatterns), url).toBe(true);
    const refused = [
      // Not on the hosts.
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://videos.example.com.evil.example/v/1",
      "https://videos.example.com@evil.example/v/1",
      "https://evil.example/videos.example.com/v/1",
      "http://127.0.0.1:8081/watch?v=abc",
      "http://127.0.0.1/watch?v=abc",
      // Plain http on a host that is not loopback.
      "http://videos.example.com/watch?v=abc",
      // No video named.
      "https://videos.example.com",
      "https://videos.example.com/",
      "https://videos.example.com//",
      // Another port than the one configured.
      "https://videos.example.com:8443/v/1",
      "ftp://videos.example.com/v/1",
      "https://videos.example.com/v/1 and more",
    ];
    for (const url of refused) expect(isVideoAddress(url, videoPatterns), url).toBe(false);
  });

  test("loopback hosts are localhost, 127.x.x.x and [::1]", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "[::1]"]) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["example.com", "10.0.0.1", "localhost.example.com", "128.0.0.1"])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe("the player: which iframe addresses are the provider's", () => {
  test("YouTube: https on www.youtube.com or www.youtube-nocookie.com, /embed/<id>", () => {
    const { playerUrl } = youtubeProvider();
    expect(playerUrl("https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed",
    );
    expect(playerUrl("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    );
    // Protocol-relative sources are taken as https; a fragment is dropped.
    expect(playerUrl("//www.youtube.com/embed/dQw4w9WgXcQ#x")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    for (const src of [
      "http://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/embed/../../evil",
      "https://www.youtube.com:8443/embed/dQw4w9WgXcQ",
      "https://user:pw@www.youtube.com/embed/dQw4w9WgXcQ",
      "https://evil.example/embed/dQw4w9WgXcQ",
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "/embed/dQw4w9WgXcQ",
      "",
    ])
      expect(playerUrl(src), src).toBeNull();
  });

  test("configured hosts: the player must be on them (http only on loopback), with a path", () => {
    const { playerUrl, frameOrigins, siteOrigins } = hostsProvider(["player.example.com", "127.0.0.1:8080"]);
    expect(playerUrl("https://player.example.com/embed/abc?feature=oembed")).toBe(
      "https://player.example.com/embed/abc?feature=oembed",
    );
    expect(playerUrl("http://127.0.0.1:8080/embed/abc?feature=oembed")).toBe("http://127.0.0.1:8080/embed/abc?feature=oembed");
    for (const src of [
      "http://player.example.com/embed/abc",
      "https://player.example.com/",
      "http://127.0.0.1:9090/embed/abc",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ])
      expect(playerUrl(src), src).toBeNull();
    expect(frameOrigins).toEqual(["https://player.example.com", "https://127.0.0.1:8080", "http://127.0.0.1:8080"]);
    expect(siteOrigins).toEqual(frameOrigins);
  });

  test("YouTube's player is framed from its two embed hosts", () => {
    expect(videoProvider().frameOrigins).toEqual(["https://www.youtube.com", "https://www.youtube-nocookie.com"]);
    expect(videoProvider([]).frameOrigins).toEqual(["https://www.youtube.com", "https://www.youtube-nocookie.com"]);
  });
});

describe("the pages' Content-Security-Policy", () => {
  test("frames the provider's player and nothing else", async () => {
    const { pagePolicy } = await import("../../http/content-security-policy.ts");
    const frameSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("frame-src"));
    expect(frameSrc(pagePolicy("n", [], videoProvider().frameOrigins))).toBe(
      "frame-src https://www.youtube.com https://www.youtube-nocookie.com",
    );
    expect(frameSrc(pagePolicy("n", [], videoProvider(["127.0.0.1:8080"]).frameOrigins))).toBe(
      "frame-src https://127.0.0.1:8080 http://127.0.0.1:8080",
    );
  });
});
