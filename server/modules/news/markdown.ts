import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { leavingPath, type LinkSigner } from "../external-links/index.ts";
import { safeLocalPath } from "../../lib/safe-path.ts";

/*
 * Markdown from the content backend (news bodies, page text blocks) to HTML the page may put in as
 * it is. marked writes the HTML; sanitize-html then keeps only the tags and attributes a written
 * text needs, whatever the writer typed (raw HTML in Markdown included). Links that leave the
 * shop go through the external-site notice (/leaving), as every other outbound link does, signed
 * by the shop so the notice lets them go on to any https site.
 */

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Where a link to another site sends the visitor first (the external-site notice). */
export { LEAVING_PATH } from "../external-links/index.ts";

export interface RenderMarkdownOptions {
  /**
   * Signs the links to other sites (the shop's secret), so the notice forwards them; without it
   * they are unsigned and the notice only forwards those to the hosts it allows.
   */
  sign?: LinkSigner;
}

/**
 * The address a link leaves the shop for; null for a link that stays (a path of the shop, a
 * fragment, a relative link, mailto:); "" for one that is neither, whose address is dropped.
 * Read as a browser reads it: tabs and line breaks dropped, spaces and control characters at the
 * ends trimmed, a backslash as "/". So "//evil.example", "/\evil.example" and "/<tab>/evil.example" all
 * leave (for https://evil.example/), and "/.//evil.example" (a path that resolves to
 * "//evil.example") is dropped.
 */
function outboundAddress(href: string): string | null {
  // eslint-disable-next-line no-control-regex -- what browsers strip from an address
  const cleaned = href.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");
  if (cleaned === "" || cleaned.startsWith("#") || safeLocalPath(cleaned) !== null) return null;
  // Protocol-relative, with slashes or backslashes: another host, over the page's https.
  const protocolRelative = /^[/\\]{2}/.test(cleaned);
  if (!protocolRelative && /^[/\\]/.test(cleaned)) return "";
  if (!protocolRelative && !/^https?:/i.test(cleaned)) return null;
  try {
    const url = new URL(protocolRelative ? `https:${cleaned}` : cleaned);
    return url.host ? url.href : "";
  } catch {
    return "";
  }
}

function sanitizeOptions(sign: LinkSigner | undefined): sanitizeHtml.IOptions {
  return { ...SANITIZE, transformTags: { ...SANITIZE.transformTags, a: (tagName, attribs) => linkTag(tagName, attribs, sign) } };
}

/** A link: one that leaves the shop goes to the notice (signed when the renderer can sign). */
function linkTag(tagName: string, attribs: sanitizeHtml.Attributes, sign: LinkSigner | undefined): sanitizeHtml.Tag {
  const address = outboundAddress(attribs.href ?? "");
  if (address === null) return { tagName, attribs };
  const { href: _href, ...rest } = attribs;
  if (address === "") return { tagName, attribs: rest };
  return { tagName, attribs: { ...rest, href: leavingPath(address, sign), rel: "nofollow noopener" } };
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["align"],
    td: ["align"],
  },
  allowedSchemes: ["https", "http", "mailto"],
  // Pictures only from the shop itself (its media and image endpoint): no tracking pixels.
  exclusiveFilter: (frame) => frame.tag === "img" && !/^\/(media|images)\//.test(frame.attribs.src ?? ""),
  transformTags: {
    // The page has its own <h1>: a writer's top headings become section headings.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/** Sanitised HTML of a Markdown text. */
export function renderMarkdown(markdown: string, options: RenderMarkdownOptions = {}): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, sanitizeOptions(options.sign));
}
