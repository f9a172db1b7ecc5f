const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Makes any text safe inside HTML, in element content and in quoted attributes alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** What a mail's HTML says, as plain text: the layout escapes every part of it. */
export interface MailHtmlContent {
  siteName: string;
  /** The page title some clients show; usually the subject. */
  title: string;
  paragraphs: string[];
  button: { label: string; href: string };
  /** Small grey print below the button. */
  notes: string[];
}

// Mail clients ignore <style> blocks and most CSS, so the layout is nested tables with inline styles.
const FONT = "font-family:Arial,Helvetica,sans-serif;";
const MINT = "#3eb489";
// Dark green on mint reads better than white on mint (contrast about 6:1 against 2.6:1).
const ON_MINT = "#06281c";
const TEXT_GREY = "#4b5563";
const NOTE_GREY = "#6b7280";

/** A small, centred, single-column mail: site name, paragraphs, one mint button, notes. */
export function mailHtml(content: MailHtmlContent): string {
  const href = escapeHtml(content.button.href);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;">${escapeHtml(text)}</p>`;
  const note = (text: string) => `<p style="margin:0 0 12px;">${escapeHtml(text)}</p>`;
  return [
    `<!doctype html>`,
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(content.title)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:#f3f4f6;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;">`,
    `<tr><td align="center" style="padding:32px 16px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;">`,
    `<tr><td style="padding:32px 32px 16px;${FONT}font-size:20px;font-weight:bold;color:#111827;">${escapeHtml(content.siteName)}</td></tr>`,
    `<tr><td style="padding:0 32px;${FONT}font-size:16px;line-height:24px;color:${TEXT_GREY};">`,
    ...content.paragraphs.map(paragraph),
    `</td></tr>`,
    `<tr><td style="padding:8px 32px 24px;">`,
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>`,
    `<td style="border-radius:6px;background-color:${MINT};">`,
    `<a href="${href}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:${ON_MINT};text-decoration:none;border-radius:6px;">${escapeHtml(content.button.label)}</a>`,
    `</td></tr></table>`,
    `</td></tr>`,
    `<tr><td style="padding:0 32px 32px;${FONT}font-size:13px;line-height:20px;color:${NOTE_GREY};">`,
    note("If the button does not work, copy this address into your browser:"),
    `<p style="margin:0 0 12px;word-break:break-all;"><a href="${href}" style="color:${NOTE_GREY};">${href}</a></p>`,
    ...content.notes.map(note),
    `</td></tr>`,
    `</table>`,
    `</td></tr>`,
    `</table>`,
    `</body></html>`,
  ].join("\n");
}
