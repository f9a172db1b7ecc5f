import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { fakeOembedRequests, startFakeOembed, type FakeOembed } from "../../../tests/support/fake-oembed.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { ShopEnv } from "../../context.ts";
import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { createRateLimitStore, rateLimit } from "../../modules/rate-limit/index.ts";
import { createServices } from "../../services.ts";
import { collectionsApi } from "./collections.ts";
import { contentAuthApi } from "./content-auth.ts";
import { newPerson } from "../../../tests/support/sign-ups.ts";
import { videosApi } from "./videos.ts";

/*
 * GET /videos/embed against a real video provider on this machine (tests/support/fake-oembed.ts),
 * configured as VIDEO_HOSTS and VIDEO_OEMBED_URL would configure it; and the content backend
 * refusing other providers' links.
 */

let database: Database;
let fake: FakeOembed;
let app: Hono<ShopEnv>;

function shopWith(videos: Parameters<typeof createServices>[1]["videos"], lookups?: ReturnType<typeof rateLimit>) {
  const services = createServices(database, testServicesConfig({ videos }));
  const shop = shopApp({ services, database }, { trustProxy: 1 });
  shop.route("/videos", videosApi({ lookups }));
  shop.route("/api", contentAuthApi());
  shop.route("/api", collectionsApi());
  return shop;
}

interface EmbedAnswer {
  embedUrl?: string;
  title?: string;
  error?: { status: number; name: string; message: string };
  [key: string]: unknown;
}

async function embed(url: string | null, on = app, from = "203.0.113.1") {
  const query = url === null ? "" : `?url=${encodeURIComponent(url)}`;
  const response = await on.request(`/videos/embed${query}`, { headers: { "x-forwarded-for": from } });
  return { status: response.status, body: (await response.json()) as EmbedAnswer, headers: response.headers };
}

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeOembed({ slowMs: 2000 });
  app = shopWith({ oembedUrl: fake.oembedUrl, hosts: [fake.host], timeoutMs: 500 });
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

beforeEach(() => fake.clearRequests());

describe("GET /videos/embed", () => {
  test("a video: the provider's player address and what oEmbed says of it, kept for the next lookups", async () => {
    const answer = await embed(fake.videoUrl("keeper1"));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      embedUrl: fake.embedUrl("keeper1"),
      title: "Video keeper1",
      thumbnailUrl: `${fake.url}/thumbnails/keeper1.jpg`,
      width: 200,
      height: 113,
      providerName: "Fake Tube",
    });
    // Never the provider's HTML.
    expect(JSON.stringify(answer.body)).not.toContain("<iframe");
    expect(answer.headers.get("cache-control")).toBe("private, max-age=300");
    expect(fake.requestsOf("oembed")).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe(
      `/oembed?url=${encodeURIComponent(fake.videoUrl("keeper1"))}&format=json`.replace(/%20/g, "+"),
    );

    // The second lookup is answered from memory.
    expect((await embed(fake.videoUrl("keeper1"), app, "203.0.113.2")).body.embedUrl).toBe(fake.embedUrl("keeper1"));
    expect(fake.requestsOf("oembed")).toHaveLength(1);

    // The log as another process reads it (Playwright workers), and cleared from there.
    expect(await fakeOembedRequests(fake.url)).toEqual(fake.requests);
    expect(await fakeOembedRequests(fake.url, { clear: true })).toHaveLength(1);
    expect(fake.requests).toEqual([]);
  });

  test("lookups of one video at the same time make one request", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => embed(fake.videoUrl("together1"))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(fake.requestsOf("oembed", "together1")).toHaveLength(1);
  });

  test("a video whose owner does not allow embedding: 422, 'is not embeddable'", async () => {
    const answer = await embed(fake.videoUrl("nope1"));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ error: { status: 422, name: "NotEmbeddableError", message: "This video is not embeddable" } });
    expect(answer.headers.get("cache-control")).toBe("private, max-age=60");
  });

  test("a video the provider does not know: 404, 'was not found'", async () => {
    const answer = await embed(fake.videoUrl("gone1"));
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: { status: 404, name: "NotFoundError", message: "This video was not found" } });
  });

  test("the provider failing (an error, nonsense, a player elsewhere, too slow): 502, and the failure is kept for a while", async () => {
    for (const id of ["boom1", "junk1", "evil1", "slow1"]) {
      const answer = await embed(fake.videoUrl(id));
      expect(answer.status, id).toBe(502);
      expect(answer.body.error, id).toEqual({
        status: 502,
        name: "BadGatewayError",
        message: "There was an error fetching the embed code",
      });
    }
    expect(fake.requestsOf("oembed")).toHaveLength(4);
    expect((await embed(fake.videoUrl("boom1"))).status).toBe(502);
    expect(fake.requestsOf("oembed")).toHaveLength(4);
  });

  test("a provider that cannot be reached: 502", async () => {
    const gone = await startFakeOembed();
    await gone.close();
    const shop = shopWith({ oembedUrl: gone.oembedUrl, hosts: [gone.host], timeoutMs: 500 });
    const answer = await embed(gone.videoUrl("keeper1"), shop);
    expect(answer.status).toBe(502);
    expect(answer.body.error?.message).toBe("There was an error fetching the embed code");
  });

  test("a link that is not the provider's is refused with 400 before anyone is asked", async () => {
    for (const url of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      `${fake.url}/`,
      fake.videoUrl("keeper1").replace(fake.host, `127.0.0.1:${fake.port + 1}`),
      "javascript:alert(1)",
    ]) {
      const answer = await embed(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.error, url).toEqual({
        status: 400,
        name: "ValidationError",
        message: "Video links must be addresses of the video provider",
      });
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    const missing = await embed(null);
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toMatch(/Say which video/);
    expect(fake.requests).toEqual([]);
  });

  test("the provider's own YouTube default refuses the fake's links", async () => {
    const youtube = shopWith(undefined);
    expect((await embed(fake.videoUrl("keeper1"), youtube)).status).toBe(400);
    expect(fake.requests).toEqual([]);
  });

  test("lookups that reach the provider are limited per visitor address; kept answers are not", async () => {
    const limited = shopWith(
      { oembedUrl: fake.oembedUrl, hosts: [fake.host] },
      rateLimit(createRateLimitStore({}), { name: "video-lookups-test", limit: 2, windowMs: 60_000 }),
    );
    expect((await embed(fake.videoUrl("many1"), limited)).status).toBe(200);
    expect((await embed(fake.videoUrl("many2"), limited)).status).toBe(200);
    const third = await embed(fake.videoUrl("many3"), limited);
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ status: 429, name: "RateLimitError" });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    // Known videos still play, and another address still has its own allowance.
    expect((await embed(fake.videoUrl("many1"), limited)).status).toBe(200);
    expect((await embed(fake.videoUrl("many3"), limited, "203.0.113.99")).status).toBe(200);
    expect(fake.requestsOf("oembed")).toHaveLength(3);
  });
});

describe("video links of news posts with VIDEO_HOSTS set", () => {
  test("a news post takes the configured provider's links and refuses others", async () => {
    const registered = await app.request("/api/auth/local/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(newPerson()),
    });
    const { jwt, user } = (await registered.json()) as { jwt: string; user: { id: number } };
    // A writer given the content scope alone (npm run scope): it writes on its password (ADR 59).
    await database.db
      .update(users)
      .set({ scope: ["content"] })
      .where(eq(users.id, user.id));
    const post = async (slug: string, videos: string[]) => {
      const response = await app.request("/api/news", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${jwt}` },
        body: JSON.stringify({ data: { title: "Saves of the week", slug, videos } }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { data: { videos?: string[] }; error?: { message: string } },
      };
    };

    const youtube = await post("youtube-saves", ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"]);
    expect(youtube.status).toBe(400);
    expect(youtube.body.error?.message).toBe("Video links must be addresses of the video provider");
    expect((await post("bare-host", [`${fake.url}/`])).status).toBe(400);

    const accepted = await post("fake-saves", [fake.videoUrl("keeper1")]);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.videos).toEqual([fake.videoUrl("keeper1")]);
    expect(fake.requests).toEqual([]);
  });
});
