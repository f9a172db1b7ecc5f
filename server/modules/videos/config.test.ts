import { expect, test } from "vitest";
import { ConfigError, parseEnv } from "../../env.ts";

test("the video provider is YouTube unless VIDEO_HOSTS and VIDEO_OEMBED_URL say otherwise", () => {
  const plain = parseEnv({});
  expect(plain.VIDEO_OEMBED_URL).toBe("https://www.youtube.com/oembed");
  expect(plain.VIDEO_HOSTS).toBeUndefined();
  expect(parseEnv({ VIDEO_HOSTS: " ", VIDEO_OEMBED_URL: "" })).toMatchObject({
    VIDEO_HOSTS: undefined,
    VIDEO_OEMBED_URL: "https://www.youtube.com/oembed",
  });
  expect(
    parseEnv({ VIDEO_HOSTS: "Videos.Example.com, 127.0.0.1:8080", VIDEO_OEMBED_URL: "http://127.0.0.1:8080/oembed" }),
  ).toMatchObject({ VIDEO_HOSTS: ["videos.example.com", "127.0.0.1:8080"], VIDEO_OEMBED_URL: "http://127.0.0.1:8080/oembed" });
});

test("a wrong video setting stops the start with a message naming it", () => {
  const message = (source: Record<string, string>) => {
    try {
      parseEnv(source);
      return "";
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  };
  expect(message({ VIDEO_HOSTS: "https://videos.example.com" })).toMatch(
    /VIDEO_HOSTS: "https:\/\/videos.example.com" is not a host/,
  );
  expect(message({ VIDEO_HOSTS: "videos.example.com:99999" })).toMatch(/VIDEO_HOSTS/);
  expect(message({ VIDEO_OEMBED_URL: "http://videos.example.com/oembed" })).toMatch(/VIDEO_OEMBED_URL: .*https address/);
  expect(message({ VIDEO_OEMBED_URL: "not an address" })).toMatch(/VIDEO_OEMBED_URL/);
});
