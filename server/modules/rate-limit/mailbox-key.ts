/*
 * The mailbox an e-mail address reaches, as a rate limit's id: several spellings that land in one
 * inbox count as one, so a limit per address cannot be stepped around by writing it differently.
 * Only for counting: the address is stored and mailed as it was typed.
 */

// Gmail ignores dots in the local part, and googlemail.com is the same mailboxes.
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The address lower-cased, without a `+tag` in its local part (every large provider delivers
 * `name+tag@` to `name@`, and we cannot know which others do, so for every domain), and for
 * gmail.com and googlemail.com without dots in the local part, under gmail.com:
 * `V.ictim+1@GoogleMail.com` counts as `victim@gmail.com`.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  // "+tag@" alone has no name before its tag: nothing to drop it from.
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll(".", "") || local;
    domain = "gmail.com";
  }
  return `${local}@${domain}`;
}
