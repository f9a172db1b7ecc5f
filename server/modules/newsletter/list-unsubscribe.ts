/*
 * Every marketing mail (a newsletter, the welcome mail) carries these headers, so mail clients
 * offer their own "Unsubscribe" button (RFC 2369) that works with one click (RFC 8058): the
 * client POSTs `List-Unsubscribe=One-Click` to the https address, without cookies, and the
 * address's token is all the authority needed. Transactional mails (the confirmation link, orders,
 * accounts) carry none: nobody can unsubscribe from those.
 *
 * RFC 8058 also asks that the mail's DKIM signature cover both headers; that is the sending
 * relay's configuration (SMTP_URL), not the shop's.
 */

/** The one-click unsubscribe headers for a marketing mail; `mailto` adds a mail address to unsubscribe by as well. */
export function listUnsubscribeHeaders(unsubscribeUrl: string, options: { mailto?: string } = {}): Record<string, string> {
  // Angle brackets and white space would end the address inside the header.
  if (!/^https?:\/\/[^\s<>,]+$/i.test(unsubscribeUrl))
    throw new TypeError("An unsubscribe link must be an absolute http(s) address.");
  const targets = [`<${unsubscribeUrl}>`];
  if (options.mailto !== undefined) {
    if (!/^[^\s<>,?@]+@[^\s<>,?@]+$/.test(options.mailto)) throw new TypeError("An unsubscribe mailbox must be a plain address.");
    targets.push(`<mailto:${options.mailto}?subject=unsubscribe>`);
  }
  return {
    "List-Unsubscribe": targets.join(", "),
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
