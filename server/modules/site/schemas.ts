import { z } from "zod";
import { safeLocalPath } from "../../lib/safe-path.ts";
import type { Contact, Footer, LaunchText, Navigation, Social, StoredPart, Trust } from "./words.ts";

/*
 * One schema per part of the site's data (ADR 76), for the back office's forms and for what is
 * stored alike: a form sends every field as text, rows in order (items.0.label, items.0.href...),
 * with blank rows for adding one; a blank row is dropped after the check, so a field's error keeps
 * the path of the row it was typed in.
 */

const LINK_RULE = "A path of the shop such as /membership, or an address that starts with https://.";
const MAX_HREF = 500;

/**
 * Why `href` cannot be a link of the site's data, or null when it can: a path of the shop, or an
 * https address of another site (which the pages link to through the external-site notice, and
 * that notice forwards only to https addresses).
 */
export function linkProblem(href: string): string | null {
  if (href === "") return "Give the address.";
  if (href.length > MAX_HREF) return `At most ${MAX_HREF} characters.`;
  if (href.startsWith("/")) return safeLocalPath(href) === null ? LINK_RULE : null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return LINK_RULE;
  }
  if (url.protocol === "http:") return "Links to other sites go through the shop's notice, which needs https://.";
  return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password && !/[\s\\]/.test(href)
    ? null
    : LINK_RULE;
}

/** A trimmed text field; absent or null (as stored for "none") reads as empty. */
const text = (max: number) =>
  z.preprocess(
    (value) => (value === null || value === undefined ? "" : value),
    z.string().trim().max(max, `At most ${max} characters.`),
  );

const isBlank = (row: Record<string, unknown>) => Object.values(row).every((value) => value === "" || value === undefined);

/** Rows as a form sends them, at most `max` once blank rows are dropped (`what` names them in the message). */
function rows<Row extends z.ZodType<Record<string, unknown>>>(row: Row, max: number, what: string) {
  return z
    .array(row)
    .max(max + 20, `At most ${max} ${what}.`)
    .default([])
    .transform((list) => list.filter((entry) => !isBlank(entry)))
    .pipe(z.array(z.custom<z.output<Row>>()).max(max, `At most ${max} ${what}.`));
}

/** A link row: both its text and its address, or neither (a blank row). */
function linkRow(labelMax: number) {
  return z.object({ label: text(labelMax), href: text(MAX_HREF) }).superRefine((row, ctx) => {
    if (row.label === "" && row.href === "") return;
    if (row.label === "") ctx.addIssue({ code: "custom", path: ["label"], message: "Give the link's text." });
    const problem = linkProblem(row.href);
    if (problem) ctx.addIssue({ code: "custom", path: ["href"], message: problem });
  });
}

export const NAVIGATION_MAX_ITEMS = 12;
export const FOOTER_MAX_COLUMNS = 4;
export const FOOTER_MAX_LINKS = 12;
export const TRUST_MAX_ITEMS = 6;
export const SOCIAL_MAX_LINKS = 8;

const navRow = z
  .object({
    kind: z.enum(["link", "categories"], { error: "Choose a link or the categories." }).default("link"),
    label: text(40),
    href: text(MAX_HREF),
  })
  .superRefine((row, ctx) => {
    if (row.kind === "categories" || (row.label === "" && row.href === "")) return;
    if (row.label === "") ctx.addIssue({ code: "custom", path: ["label"], message: "Give the menu item's text." });
    const problem = linkProblem(row.href);
    if (problem) ctx.addIssue({ code: "custom", path: ["href"], message: problem });
  });

/** The header's menu: links and, once at most, the catalogue's categories, in order. */
export const NavigationInput = z
  .object({
    items: z
      .array(navRow)
      .max(NAVIGATION_MAX_ITEMS + 20, `At most ${NAVIGATION_MAX_ITEMS} menu items.`)
      .default([])
      .transform((list) => list.filter((row) => row.kind === "categories" || row.label !== "" || row.href !== ""))
      .pipe(
        z
          .array(z.custom<z.output<typeof navRow>>())
          .max(NAVIGATION_MAX_ITEMS, `At most ${NAVIGATION_MAX_ITEMS} menu items.`)
          .refine(
            (list) => list.filter((row) => row.kind === "categories").length <= 1,
            "The categories can be in the menu once.",
          ),
      ),
  })
  .transform(({ items }): Navigation => ({
    items: items.map((row) =>
      row.kind === "categories" ? { kind: "categories" as const } : { kind: "link" as const, label: row.label, href: row.href },
    ),
  }));

const columnRow = z
  .object({ title: text(40), links: rows(linkRow(60), FOOTER_MAX_LINKS, "links in a column") })
  .superRefine((column, ctx) => {
    if (column.title === "" && column.links.length > 0)
      ctx.addIssue({ code: "custom", path: ["title"], message: "Give the column's title." });
  });

/** The footer's columns of links, each with a title. A column with neither title nor links is dropped. */
export const FooterInput = z.object({
  columns: z
    .array(columnRow)
    .max(FOOTER_MAX_COLUMNS + 10, `At most ${FOOTER_MAX_COLUMNS} columns.`)
    .default([])
    .transform((list) => list.filter((column) => column.title !== "" || column.links.length > 0))
    .pipe(
      z
        .array(z.custom<Footer["columns"][number]>())
        .max(FOOTER_MAX_COLUMNS, `At most ${FOOTER_MAX_COLUMNS} columns.`)
        .refine((list) => list.every((column) => column.links.length > 0), "Every column needs a link."),
    ),
}) satisfies z.ZodType<Footer, unknown>;

const orNull = (value: string) => (value === "" ? null : value);

/** The shop's contact details; each may be left empty (then it is not shown). */
export const ContactInput = z.object({
  email: text(254)
    .pipe(z.union([z.literal(""), z.email({ error: "An e-mail address such as hello@example.com." })]))
    .transform(orNull),
  phone: text(30)
    .pipe(z.string().regex(/^(\+?[0-9 ()./-]{6,30})?$/, "A telephone number of digits, spaces and + ( ) - . /"))
    .transform(orNull),
  address: z
    .union([z.string().max(700, "At most 700 characters."), z.array(z.string().max(100))])
    .default("")
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/\r?\n/)).map((line) => line.trim()).filter((line) => line !== ""),
    )
    .pipe(z.array(z.string().max(100, "Each line may have at most 100 characters.")).max(6, "At most 6 lines.")),
  hours: text(100).transform(orNull),
}) satisfies z.ZodType<Contact, unknown>;

const trustRow = z.object({ text: text(80), href: text(MAX_HREF) }).superRefine((row, ctx) => {
  if (row.text === "" && row.href === "") return;
  if (row.text === "") ctx.addIssue({ code: "custom", path: ["text"], message: "Give the item's text." });
  if (row.href === "") return;
  const problem = linkProblem(row.href);
  if (problem) ctx.addIssue({ code: "custom", path: ["href"], message: problem });
});

/** The trust bar: a few short reassurances, each linked or not. */
export const TrustInput = z.object({
  items: rows(trustRow, TRUST_MAX_ITEMS, "items").transform((items) =>
    items.map((item) => ({ text: item.text, href: orNull(item.href) })),
  ),
}) satisfies z.ZodType<Trust, unknown>;

const socialRow = z.object({ name: text(30), url: text(MAX_HREF) }).superRefine((row, ctx) => {
  if (row.name === "" && row.url === "") return;
  if (row.name === "") ctx.addIssue({ code: "custom", path: ["name"], message: "Give the network's name." });
  if (!row.url.startsWith("https://") || linkProblem(row.url) !== null)
    ctx.addIssue({ code: "custom", path: ["url"], message: "The profile's address, starting with https://." });
});

/** The shop's social profiles (https only: they open through the external-site notice). */
export const SocialInput = z.object({
  links: rows(socialRow, SOCIAL_MAX_LINKS, "links"),
}) satisfies z.ZodType<Social, unknown>;

/** What the launch page says; empty leaves that part as the /launch page's entry has it. */
export const LaunchTextInput = z.object({
  /** An ISO moment (as stored) or a form's "2026-12-01T09:30", in the shop's time zone (UTC). */
  at: text(40)
    .pipe(
      z.union([
        z.literal(""),
        z.iso.datetime({ offset: true, error: "A date and time such as 2026-12-01 09:30." }),
        z.iso.datetime({ local: true, error: "A date and time such as 2026-12-01 09:30." }),
      ]),
    )
    .transform((value) =>
      value === "" ? null : new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`).toISOString(),
    ),
  headline: text(120).transform(orNull),
  text: text(600).transform(orNull),
}) satisfies z.ZodType<LaunchText, unknown>;

/** Each stored part's schema. */
export const PART_SCHEMAS: Record<StoredPart, z.ZodType<unknown, unknown>> = {
  navigation: NavigationInput,
  footer: FooterInput,
  contact: ContactInput,
  trust: TrustInput,
  social: SocialInput,
  launch: LaunchTextInput,
};
