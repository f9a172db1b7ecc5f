import type { NewsSection } from "../schema/index.ts";
import type { CoverKey } from "./covers.ts";
import { demoVideos, draftIdea, exclusiveIdeas, newsCategorySeeds, newsIdeas, writers, type PostIdea } from "./news-data.ts";
import { categorySections, closings, exclusiveSections, type Section } from "./news-sections.ts";
import type { Random } from "./random.ts";

/** A post ready to be written: everything but the ids the database gives. */
export interface PostPlan {
  section: NewsSection;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  author: string;
  /** The category's slug. */
  category: string;
  cover: CoverKey;
  videos: string[];
  membersOnly: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Null for the draft. */
  publishedAt: Date | null;
}

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

// News appears about every ten days and exclusives about every 24, so both reach back some ten months.
const NEWS_EVERY_DAYS = 10;
const EXCLUSIVES_EVERY_DAYS = 24;

// Bodies run from about 300 to 550 words.
const MIN_WORDS = 300;

const pointsHeadings = ["In short", "The short version", "What to take away", "Key points"];

/**
 * Every demo post, newest first within each section, then the draft. Dates count back from `now`
 * and are all in the past; everything else follows from `random` alone.
 */
export function planPosts(now: Date, random: Random): PostPlan[] {
  const news = datedInOrder(random.sample(newsIdeas, newsIdeas.length), now, NEWS_EVERY_DAYS, random).map(
    ([idea, publishedAt], i) => planPost(idea, "news", publishedAt, publishedAt, i, random),
  );
  const exclusives = datedInOrder(random.sample(exclusiveIdeas, exclusiveIdeas.length), now, EXCLUSIVES_EVERY_DAYS, random).map(
    ([idea, publishedAt], i) => planPost(idea, "exclusives", publishedAt, publishedAt, i, random),
  );
  const draft = planPost(draftIdea, "news", null, new Date(now.getTime() - DAY), 1, random);
  return [...news, ...exclusives, draft];
}

/** Gives the k-th idea a time about k steps back, a few days either way, at a working hour. */
function datedInOrder(ideas: readonly PostIdea[], now: Date, everyDays: number, random: Random): [PostIdea, Date][] {
  return ideas.map((idea, k) => {
    const daysBack = 1 + k * everyDays + random.int(0, everyDays - 3);
    const day = new Date(now.getTime() - daysBack * DAY);
    day.setUTCHours(random.int(7, 17), random.pick([0, 15, 30, 45]), 0, 0);
    return [idea, day];
  });
}

/** `written` is when the post was last edited: its publication, or for a draft, a recent day. */
function planPost(
  idea: PostIdea,
  section: NewsSection,
  publishedAt: Date | null,
  written: Date,
  index: number,
  random: Random,
): PostPlan {
  const category = newsCategorySeeds.find((c) => c.slug === idea.category);
  if (!category) throw new Error(`The post "${idea.slug}" names an unknown category "${idea.category}"`);
  const exclusive = section === "exclusives";
  const scene = exclusive ? "spotlight" : category.scenes[index % 2]!;
  // Sections in the order they would be used; the body takes two or three of them, and a third
  // whenever two leave it short.
  const candidates = exclusive
    ? [random.pick(categorySections[category.slug]!), ...random.sample(exclusiveSections, exclusiveSections.length)]
    : random.sample(categorySections[category.slug]!, categorySections[category.slug]!.length);
  const closing = random.pick(closings[exclusive ? "exclusives" : category.slug]!);
  const heading = random.pick(pointsHeadings);
  let body = "";
  for (let count = random.int(2, 3); count <= candidates.length; count++) {
    body = composeBody(idea, heading, candidates.slice(0, count), closing);
    if (wordsIn(body) >= MIN_WORDS) break;
  }
  return {
    section,
    slug: idea.slug,
    title: idea.title,
    excerpt: idea.excerpt,
    body,
    author: random.chance(0.75) ? category.writer : random.pick(writers),
    category: category.slug,
    // Named for the post: each post has a cover of its own (covers.ts).
    cover: { name: idea.slug, scene, hex: category.hex },
    // About a third of the posts come with video.
    videos: index % 3 === 0 ? random.sample(demoVideos, random.int(1, 2)) : [],
    membersOnly: exclusive,
    createdAt: new Date(written.getTime() - random.int(2, 48) * HOUR),
    updatedAt: written,
    publishedAt,
  };
}

/** A post's Markdown: its opening, its key points as a list, the sections, and a closing link. */
export function composeBody(idea: PostIdea, pointsHeading: string, sections: readonly Section[], closing: string): string {
  return [
    idea.lede,
    `## ${pointsHeading}`,
    idea.points.map((point) => `- ${point}`).join("\n"),
    ...sections.flatMap((section) => [`## ${section.heading}`, section.markdown]),
    closing,
  ].join("\n\n");
}

/** Words a reader reads: Markdown's marks and list dashes left out. */
export function wordsIn(markdown: string): number {
  return markdown.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}
