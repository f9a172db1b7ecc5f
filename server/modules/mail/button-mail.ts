import { mailHtml } from "./html-layout.ts";
import type { Mail } from "./mailer.ts";

/**
 * A mail to one address in both forms from one description: the paragraphs, one link to follow
 * (a button in HTML, "label: address" in text), the small print, signed by the shop. `headers`:
 * a marketing or request mail's List-Unsubscribe (RFC 8058).
 */
export function buttonMail(content: {
  siteName: string;
  to: string;
  subject: string;
  paragraphs: string[];
  button: { label: string; href: string };
  notes: string[];
  headers?: Record<string, string>;
}): Mail {
  const { siteName, to, subject, paragraphs, button, notes, headers } = content;
  const text = [...paragraphs, `${button.label}: ${button.href}`, ...notes, `The ${siteName} team`].join("\n\n");
  const html = mailHtml({ siteName, title: subject, paragraphs, button, notes });
  return headers ? { to, subject, text, html, headers } : { to, subject, text, html };
}
