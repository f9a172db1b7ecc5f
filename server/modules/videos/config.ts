import { z } from "zod";
import { isLoopbackHost, YOUTUBE_OEMBED_URL } from "./provider.ts";

/*
 * The video provider's settings as server/env.ts checks them at boot: VIDEO_OEMBED_URL and
 * VIDEO_HOSTS. Unset, the provider is YouTube.
 */

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/** VIDEO_HOSTS: comma-separated hosts with an optional port; unset or empty: undefined (YouTube). */
export const videoHostsSetting = z
  .string()
  .optional()
  .transform((value) => {
    const hosts = (value ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter((host) => host !== "");
    return hosts.length > 0 ? hosts : undefined;
  })
  .superRefine((hosts, context) => {
    const bad = hosts?.find((host) => {
      const match = HOST.exec(host);
      return !match || (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535));
    });
    if (bad !== undefined)
      context.addIssue({
        code: "custom",
        message: `"${bad}" is not a host: give comma-separated host names such as videos.example.com or 127.0.0.1:8080`,
      });
  });

const OEMBED_RULE = "must be the provider's oEmbed endpoint, an https address (http only for localhost or 127.0.0.1)";

/** VIDEO_OEMBED_URL: https (http on loopback hosts); unset or empty: YouTube's endpoint. */
export const oembedUrlSetting = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : YOUTUBE_OEMBED_URL))
  .pipe(
    z.url({ protocol: /^https?$/, error: OEMBED_RULE }).refine((value) => {
      // Zod runs this check even after the address check failed.
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return !url.username && !url.password && (url.protocol === "https:" || isLoopbackHost(url.hostname));
    }, OEMBED_RULE),
  );
