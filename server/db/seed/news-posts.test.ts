import { describe, expect, it } from "vitest";
import { isVideoAddress } from "../../modules/content/videos.ts";
import { CONTENT_SEED } from "./content.ts";
import { COVER_SCENES, coverSvg } from "./covers.ts";
import { newsCategorySeeds } from "./news-data.ts";
import { planPosts, wordsIn } from "./news-posts.ts";
import { pageSeeds } from "./pages-data.ts";
import { createRandom } from "./random.ts";

const now = new Date("2025-06-15T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const plan = () => planPosts(now, createRandom(99));

describe("planPosts", () => {
  it("plans the same newsroom for the same seed and moment", () => {
    expect(plan()).toEqual(plan());
  });

  it("plans at least 30 news posts, 12 members-only exclusives and one draft, with unique slugs", () => {
    const posts = plan();
    const news = posts.filter((post) => post.section === "news" && post.publishedAt);
    const exclusives = posts.filter((post) => post.section === "exclusives");
    expect(news.length).toBeGreaterThanOrEqual(30);
    expect(exclusives.length).toBeGreaterThanOrEqual(12);
    expect(exclusives.every((post) => post.membersOnly && post.publishedAt)).toBe(true);
    expect(news.every((post) => !post.membersOnly)).toBe(true);
    expect(posts.filter((post) => post.publishedAt === null)).toHaveLength(1);
    expect(new Set(posts.map((post) => post.slug)).size).toBe(posts.length);
  });

  it("dates every post in the ten months before now, newest first in each section", () => {
    for (const section of ["news", "exclusives"] as const) {
      const dates = plan()
        .filter((post) => post.section === section && post.publishedAt)
        .map((post) => (post.publishedAt as Date).getTime());
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      for (const date of dates) {
        expect(date).toBeLessThan(now.getTime());
        expect(date).toBeGreaterThan(now.getTime() - 310 * DAY);
      }
    }
    for (const post of plan()) expect(post.createdAt.getTime()).toBeLessThanOrEqual(post.updatedAt.getTime());
  });

  it("spreads the posts over every category and gives each a cover of its category", () => {
    const posts = plan();
    for (const category of newsCategorySeeds) {
      const own = posts.filter((post) => post.category === category.slug);
      expect(own.filter((post) => post.section === "news").length).toBeGreaterThanOrEqual(5);
      expect(own.filter((post) => post.section === "exclusives").length).toBeGreaterThanOrEqual(2);
      for (const post of own) expect(post.cover.hex).toBe(category.hex);
    }
    expect(posts.filter((post) => post.section === "exclusives").every((post) => post.cover.scene === "spotlight")).toBe(true);
  });

  it("writes Markdown bodies of 250 to 600 words with headings, a list, emphasis and a link", () => {
    const posts = [CONTENT_SEED, ...Array.from({ length: 8 }, (_, i) => i)].flatMap((seed) => planPosts(now, createRandom(seed)));
    for (const post of posts) {
      const words = wordsIn(post.body);
      expect(words, post.slug).toBeGreaterThanOrEqual(250);
      expect(words, post.slug).toBeLessThanOrEqual(600);
      expect(post.body).toMatch(/^## \S/m);
      expect(post.body).toMatch(/^- \S/m);
      expect(post.body).toMatch(/\*[^*\s][^*]*\*/);
      expect(post.body).toMatch(/\]\((\/|https:\/\/)[^)]*\)/);
      expect(post.excerpt.length).toBeGreaterThan(0);
      expect(post.author.length).toBeGreaterThan(0);
    }
  });

  it("gives about a third of the posts video addresses of the provider", () => {
    const posts = plan();
    const filmed = posts.filter((post) => post.videos.length > 0);
    expect(filmed.length / posts.length).toBeGreaterThan(0.25);
    expect(filmed.length / posts.length).toBeLessThan(0.45);
    for (const url of filmed.flatMap((post) => post.videos)) expect(isVideoAddress(url), url).toBe(true);
  });
});

describe("coverSvg", () => {
  it("draws each scene the same way every time, 1200 x 675 and without text", () => {
    for (const scene of COVER_SCENES) {
      const svg = coverSvg({ name: `test-${scene}`, scene, hex: "#1e6bff" });
      expect(svg).toBe(coverSvg({ name: `test-${scene}`, scene, hex: "#1e6bff" }));
      expect(svg).toContain('width="1200" height="675" viewBox="0 0 1600 900"');
      expect(svg).not.toContain("<text");
    }
    expect(coverSvg({ name: "a", scene: "goal", hex: "#1e6bff" })).not.toBe(
      coverSvg({ name: "b", scene: "goal", hex: "#1e6bff" }),
    );
  });

  it("gives every post a cover of its own", () => {
    const posts = planPosts(new Date("2025-06-01T12:00:00Z"), createRandom(CONTENT_SEED));
    const names = posts.map((post) => post.cover.name);
    expect(new Set(names).size).toBe(names.length);
    const drawings = posts.map((post) => coverSvg(post.cover));
    expect(new Set(drawings).size).toBe(drawings.length);
  });
});

describe("pageSeeds", () => {
  it("gives every page a title and a description of at most 160 characters", () => {
    for (const page of pageSeeds({ now, aboutImageId: 1 })) {
      expect(page.title.length, page.slug).toBeGreaterThan(0);
      expect(page.description.length, page.slug).toBeGreaterThan(0);
      expect(page.description.length, page.slug).toBeLessThanOrEqual(160);
    }
  });
});
