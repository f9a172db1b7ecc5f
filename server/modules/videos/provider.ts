import { YOUTUBE_VIDEO_PATTERNS } from "../content/index.ts";

/*
 * The video provider (SPEC §1, §5): which links are its videos, which of its addresses a visitor
 * may be sent to, and which iframe addresses are its player. YouTube by default; VIDEO_HOSTS names
 * another provider's hosts.
 */

export const YOUTUBE_OEMBED_URL = "https://www.youtube.com/oembed";

export interface VideoProvider {
  /** What a video link must match (checked when content is saved and before any lookup). */
  readonly videoPatterns: readonly RegExp[];
  /** Origins of the provider's pages a visitor may be sent to, through the external-site notice. */
  readonly siteOrigins: readonly string[];
  /** Origins its player is framed from: the pages' CSP `frame-src`. */
  readonly frameOrigins: readonly string[];
  /** The player's address when `src` (an oEmbed iframe's src) is the provider's player; null otherwise. */
  playerUrl(src: string): string | null;
}

/** Host names that only reach this machine: the one place plain http is accepted. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === "localhost" || name === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** An absolute address, or null; protocol-relative (`//host/...`) iframe sources count as https. */
function parseAddress(text: string): URL | null {
  const source = text.trim();
  if (!/^(?:https?:)?\/\//i.test(source)) return null;
  try {
    const url = new URL(source.startsWith("//") ? `https:${source}` : source);
    return url.username || url.password ? null : url;
  } catch {
    return null;
  }
}

/** The player's address, without a fragment. */
function cleaned(url: URL): string {
  url.hash = "";
  return url.href;
}

const YOUTUBE_PLAYER_HOSTS = new Set(["www.youtube.com", "www.youtube-nocookie.com"]);

/** YouTube: watch, short and embed links; the player from www.youtube.com or www.youtube-nocookie.com. */
export function youtubeProvider(): VideoProvider {
  return {
    videoPatterns: YOUTUBE_VIDEO_PATTERNS,
    siteOrigins: [
      "https://www.youtube.com",
      "https://youtube.com",
      "https://m.youtube.com",
      "https://youtu.be",
      "https://www.youtube-nocookie.com",
    ],
    frameOrigins: ["https://www.youtube.com", "https://www.youtube-nocookie.com"],
    playerUrl(src) {
      const url = parseAddress(src);
      if (!url || url.protocol !== "https:" || url.port !== "" || !YOUTUBE_PLAYER_HOSTS.has(url.hostname)) return null;
      return /^\/embed\/[\w-]{1,64}$/.test(url.pathname) ? cleaned(url) : null;
    },
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Another provider, by its hosts ("videos.example.com", "127.0.0.1:8080"): a video link is an
 * address on one of them, https (http only for loopback hosts), whose path and query name a video
 * (anything but the bare host). Its player must come from those hosts too.
 */
export function hostsProvider(hosts: readonly string[]): VideoProvider {
  const entries = hosts.map((host) => {
    const hostname = host.replace(/:\d+$/, "");
    const loopback = isLoopbackHost(hostname);
    const schemes = loopback ? ["https", "http"] : ["https"];
    return {
      pattern: new RegExp(
        `^${loopback ? "https?" : "https"}://${escapeRegExp(host)}(?:/(?=[^\\s?#]*[^\\s?#/])[^\\s?#]*(?:\\?[^\\s#]*)?|/?\\?[^\\s#]+)(?:#\\S*)?$`,
        "i",
      ),
      origins: schemes.map((scheme) => new URL(`${scheme}://${host}`).origin),
    };
  });
  const origins = [...new Set(entries.flatMap((entry) => entry.origins))];
  const allowed = new Set(origins);
  return {
    videoPatterns: entries.map((entry) => entry.pattern),
    siteOrigins: origins,
    frameOrigins: origins,
    playerUrl(src) {
      const url = parseAddress(src);
      if (!url || !allowed.has(url.origin)) return null;
      if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) return null;
      return url.pathname.length > 1 ? cleaned(url) : null;
    },
  };
}

/** The configured provider: VIDEO_HOSTS' hosts when given, YouTube otherwise. */
export function videoProvider(hosts?: readonly string[]): VideoProvider {
  return hosts && hosts.length > 0 ? hostsProvider(hosts) : youtubeProvider();
}
