import { z } from "zod";
import { playerUrlFrom } from "./embed-src.ts";
import type { ShopError } from "../../lib/shop-error.ts";
import { videoFailure } from "./messages.ts";
import type { VideoProvider } from "./provider.ts";

/** A video the shop can frame: the provider's player address and what oEmbed says of the video. */
export interface VideoEmbed {
  /** The provider's player (https, on its embed host); the page renders its own iframe around it. */
  embedUrl: string;
  title: string | null;
  /** The provider's still of the video. Not shown by the shop: a page shows its own poster. */
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  providerName: string | null;
}

/**
 * A lookup's outcome, kept in memory either way (a failure for less long): a failure is a value
 * here, a ShopError the adapter throws, so one caller's answer can be handed to the next.
 */
export type EmbedLookup = { ok: true; embed: VideoEmbed } | { ok: false; failure: ShopError };

export interface OembedRequestOptions {
  /** The provider's oEmbed endpoint (VIDEO_OEMBED_URL). */
  endpoint: string;
  provider: VideoProvider;
  timeoutMs: number;
  fetch: typeof fetch;
}

/** oEmbed answers are a few hundred bytes; anything far larger is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Width and height: a positive number (some providers send text); anything else is unknown. */
const dimension = z
  .unknown()
  .optional()
  .transform((value) => {
    const number = typeof value === "string" ? Number(value) : value;
    return typeof number === "number" && Number.isFinite(number) && number > 0 ? Math.round(number) : null;
  });

const text = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : null));

/** The fields of an oEmbed answer (oembed.com §2.3.4) the shop reads; a video or rich type with HTML. */
const oembedAnswer = z.object({
  type: z.enum(["video", "rich"]),
  html: z.string().min(1),
  title: text(300),
  thumbnail_url: text(2000),
  width: dimension,
  height: dimension,
  provider_name: text(100),
});

/**
 * Asks the provider's oEmbed endpoint about one video: GET `endpoint?url=…&format=json`. 401 and
 * 403 mean the owner does not allow embedding, 404 that there is no such video; anything else
 * (another status, a time-out, no connection, an answer that is not oEmbed or whose iframe is not
 * the provider's player) is an error fetching the embed code.
 */
export async function requestEmbed(videoUrl: string, options: OembedRequestOptions): Promise<EmbedLookup> {
  const address = new URL(options.endpoint);
  address.searchParams.set("url", videoUrl);
  address.searchParams.set("format", "json");
  let status: number;
  let body: string;
  try {
    const response = await options.fetch(address, {
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.status;
    if (status === 401 || status === 403) {
      await response.body?.cancel();
      return { ok: false, failure: videoFailure("not-embeddable") };
    }
    if (status === 404) {
      await response.body?.cancel();
      return { ok: false, failure: videoFailure("not-found") };
    }
    if (status !== 200) {
      await response.body?.cancel();
      return { ok: false, failure: videoFailure("unavailable") };
    }
    body = await readCapped(response, MAX_ANSWER_BYTES);
  } catch {
    return { ok: false, failure: videoFailure("unavailable") };
  }
  const embed = embedFrom(body, options.provider);
  return embed ? { ok: true, embed } : { ok: false, failure: videoFailure("unavailable") };
}

/** The embed an oEmbed answer describes, or null when it is not JSON, not oEmbed, or frames something else. */
export function embedFrom(body: string, provider: VideoProvider): VideoEmbed | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = oembedAnswer.safeParse(json);
  if (!parsed.success) return null;
  const answer = parsed.data;
  const embedUrl = playerUrlFrom(answer.html, provider);
  if (!embedUrl) return null;
  return {
    embedUrl,
    title: answer.title,
    thumbnailUrl: answer.thumbnail_url,
    width: answer.width,
    height: answer.height,
    providerName: answer.provider_name,
  };
}

/** The body as text, or a throw past `max` bytes. */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > max) {
    await response.body?.cancel();
    throw new Error("oEmbed answer too large");
  }
  if (!response.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new Error("oEmbed answer too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
