import { buttonMail, type Mail } from "../mail/index.ts";
import { listUnsubscribeHeaders } from "./list-unsubscribe.ts";

/**
 * The confirmation link after a sign-up (transactional: it goes whatever the address's choices,
 * and carries no unsubscribe headers; nothing is sent again until it is followed).
 */
export function confirmSubscriptionMail(input: { siteName: string; to: string; link: string; days: number }): Mail {
  const { siteName, link, days } = input;
  return buttonMail({
    siteName,
    to: input.to,
    subject: `Confirm your subscription to the ${siteName} newsletter`,
    paragraphs: [
      `Someone, hopefully you, asked to get the ${siteName} newsletter at this address.`,
      `Please confirm that you want it: the link below opens a page with one button.`,
    ],
    button: { label: "Confirm my subscription", href: link },
    notes: [
      `This link works for ${days} days.`,
      `If you did not sign up, ignore this mail: you will not be subscribed, and we will not write again.`,
    ],
  });
}

/**
 * The first marketing mail, right after confirming: it carries the one-click unsubscribe headers,
 * as every later newsletter must (list-unsubscribe.ts), and the same link in its small print.
 */
export function welcomeMail(input: { siteName: string; to: string; shopLink: string; unsubscribeLink: string }): Mail {
  const { siteName, shopLink, unsubscribeLink } = input;
  return buttonMail({
    siteName,
    to: input.to,
    subject: `Welcome to the ${siteName} newsletter`,
    paragraphs: [
      `Thank you for confirming: you are on the ${siteName} newsletter.`,
      `Expect new gear, offers and goalkeeping tips, never more than a few times a month.`,
    ],
    button: { label: "Visit the shop", href: shopLink },
    notes: [
      `You get this mail because you subscribed to the ${siteName} newsletter.`,
      `Unsubscribe with one click: ${unsubscribeLink}`,
    ],
    headers: listUnsubscribeHeaders(unsubscribeLink),
  });
}
