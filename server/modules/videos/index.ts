import { isVideoAddress } from "../content/index.ts";
import type { RateLimitRule } from "../rate-limit/index.ts";
import { createLookupCache } from "./lookup-cache.ts";
import { videoFailure } from "./messages.ts";
import { requestEmbed, type EmbedLookup } from "./oembed.ts";
import { videoProvider, YOUTUBE_OEMBED_URL, type VideoProvider } from "./provider.ts";

export { iframeSrc, playerUrlFrom } from "./embed-src.ts";
export { videoFailure, VIDEO_MESSAGES, type VideoFailureKind } from "./messages.ts";
export type { EmbedLookup, VideoEmbed } from "./oembed.ts";
export { hostsProvider, isLoopbackHost, videoProvider, youtubeProvider, YOUTUBE_OEMBED_URL } from "./provider.ts";
export type { VideoProvider } from "./provider.ts";

export interface VideosConfig {
  /** The provider's oEmbed endpoint (VIDEO_OEMBED_URL); YouTube's by default. */
  oembedUrl?: string;
  /** The provider's hosts (VIDEO_HOSTS); unset or empty: YouTube. */
  hosts?: readonly string[];
  /** How long the provider has to answer (4 s). */
  timeoutMs?: number;
  /** How many videos' answers are kept in memory (1000). */
  cacheEntries?: number;
  /** How long an embed is kept (a day) and a failure (five minutes). */
  successTtlMs?: number;
  failureTtlMs?: number;
  now?: () => number;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/**
 * Lookups that reach the provider, per visitor address: a page has a few videos, and answers kept
 * in memory do not count, so only someone asking for many unknown addresses meets it.
 */
export const VIDEO_LOOKUPS_RULE: RateLimitRule = { name: "video-lookups", limit: 30, windowMs: 60_000 };

const HOUR = 60 * 60 * 1000;

export interface LookupOptions {
  /**
   * Called before this caller's lookup would send a request to the provider (not for an answer
   * kept, nor when it joins one under way); a throw stops this caller's lookup alone and is passed
   * on: the caller's rate limit.
   */
  beforeRequest?: () => Promise<void>;
}

/** The video provider: its address rules, and oEmbed lookups with their answers kept in memory. */
export function createVideos(config: VideosConfig = {}) {
  const provider: VideoProvider = videoProvider(config.hosts);
  const endpoint = config.oembedUrl ?? YOUTUBE_OEMBED_URL;
  const successTtlMs = config.successTtlMs ?? 24 * HOUR;
  const failureTtlMs = config.failureTtlMs ?? 5 * 60 * 1000;
  const cache = createLookupCache<EmbedLookup>({ maxEntries: config.cacheEntries ?? 1000, now: config.now });
  const request = {
    endpoint,
    provider,
    timeoutMs: config.timeoutMs ?? 4000,
    fetch: config.fetch ?? ((input, init) => fetch(input, init)),
  };

  return {
    provider,
    /** Whether `url` is one of the provider's video addresses. */
    isVideoAddress: (url: string) => isVideoAddress(url, provider.videoPatterns),
    /**
     * The embed of one video, from the provider's oEmbed endpoint or memory. A link that is not
     * the provider's is refused without asking anyone.
     */
    async lookupEmbed(url: string, options: LookupOptions = {}): Promise<EmbedLookup> {
      const address = url.trim();
      if (address.length > 500 || !isVideoAddress(address, provider.videoPatterns))
        return { ok: false, failure: videoFailure("not-provider") };
      return cache.get(
        address,
        () => requestEmbed(address, request),
        (result) => (result.ok ? successTtlMs : failureTtlMs),
        // Checked before this caller starts a request, outside the request others may join: one
        // visitor's rate limit never fails another's lookup of the same video.
        { beforeStart: options.beforeRequest },
      );
    },
  };
}

export type VideosService = ReturnType<typeof createVideos>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { oembedUrlSetting, videoHostsSetting } from "./config.ts";
