import { mailHtml } from "../mail/index.ts";
import type { Mail } from "../mail/index.ts";
import type { EndingMembership } from "./reminders.ts";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** The reminder a member gets 14 days before the membership ends, with the way to renew it. */
export function membershipEndingMail(ending: EndingMembership, shop: { siteName: string; membershipLink: string }): Mail {
  const subject = `Your ${ending.planName} membership ends on ${DAY.format(new Date(ending.until))}`;
  const paragraphs = [
    `Hello ${ending.firstName || "keeper"},`,
    `your ${ending.planName} membership ends on ${DAY.format(new Date(ending.until))}. After that day, member prices, free delivery and the exclusives are no longer yours.`,
    ending.renews
      ? "Renew it before then and it carries on from its end date: nothing is lost."
      : "You cancelled its renewal, so it will simply end. If you have changed your mind, you can still renew it.",
  ];
  const button = { label: "Renew my membership", href: shop.membershipLink };
  const notes = ["You get this mail once, because your membership is about to end."];
  return {
    to: ending.email,
    subject,
    text: [...paragraphs, button.href, ...notes, `The ${shop.siteName} team`].join("\n\n"),
    html: mailHtml({ siteName: shop.siteName, title: subject, paragraphs, button, notes }),
  };
}
