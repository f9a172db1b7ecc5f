import { mailHtml } from "./html-layout.ts";

/** A rendered mail, ready for Mailer.send with a recipient. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * Mail links are made by the shop from its public URL; anything but http(s) (a `javascript:`
 * address, a relative path) is a bug upstream and would be dead or dangerous in a mail client.
 */
function requireWebLink(link: string): void {
  if (!/^https?:\/\/[^\s]+$/i.test(link)) throw new TypeError("A mail link must be an absolute http(s) address.");
}

/** 30 -> "30 minutes", 60 -> "1 hour", 120 -> "2 hours": how people say it. */
function durationInWords(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Sent after sign-up (and on request): the link confirms the address for the account. */
export function confirmationMail(input: { siteName: string; username: string; link: string }): MailContent {
  const { siteName, username, link } = input;
  requireWebLink(link);
  const subject = `Confirm your email address for ${siteName}`;
  const greeting = `Hi ${username},`;
  const body = `Thanks for joining ${siteName}! Please confirm that this email address belongs to you: the link below confirms it for your account "${username}".`;
  const ignore = `If you did not create an account at ${siteName}, you can ignore this email.`;
  return {
    subject,
    text: [greeting, "", body, "", link, "", ignore, "", `The ${siteName} team`].join("\n"),
    html: mailHtml({
      siteName,
      title: subject,
      paragraphs: [greeting, body],
      button: { label: "Confirm my email address", href: link },
      notes: [ignore],
    }),
  };
}

/** Sent when someone asks to reset the password; says how long the link lasts and that it can be ignored. */
export function passwordResetMail(input: {
  siteName: string;
  username: string;
  link: string;
  expiresInMinutes: number;
}): MailContent {
  const { siteName, username, link, expiresInMinutes } = input;
  requireWebLink(link);
  const subject = `Reset your ${siteName} password`;
  const greeting = `Hi ${username},`;
  const body = `Someone asked to reset the password for your ${siteName} account "${username}". Open the link below to choose a new one.`;
  const expiry = `This link expires in ${durationInWords(expiresInMinutes)}.`;
  const ignore = "If you did not ask for this, you can ignore this email: your password stays as it is.";
  return {
    subject,
    text: [greeting, "", body, "", link, "", expiry, ignore, "", `The ${siteName} team`].join("\n"),
    html: mailHtml({
      siteName,
      title: subject,
      paragraphs: [greeting, body, expiry],
      button: { label: "Choose a new password", href: link },
      notes: [ignore],
    }),
  };
}

/** Sent to someone who asked which account their address belongs to: the user name, and where to go next. */
export function accountReminderMail(input: {
  siteName: string;
  username: string;
  loginLink: string;
  resetLink: string;
}): MailContent {
  const { siteName, username, loginLink, resetLink } = input;
  requireWebLink(loginLink);
  requireWebLink(resetLink);
  const subject = `Your ${siteName} account`;
  const greeting = "Hi,";
  const body = `Someone asked which ${siteName} account belongs to this email address. Your user name is "${username}": you can log in with it or with this address.`;
  const forgot = `Forgot your password too? Choose a new one here: ${resetLink}`;
  const ignore = "If you did not ask for this, you can ignore this email.";
  return {
    subject,
    text: [greeting, "", body, "", loginLink, "", forgot, "", ignore, "", `The ${siteName} team`].join("\n"),
    html: mailHtml({
      siteName,
      title: subject,
      paragraphs: [greeting, body, forgot],
      button: { label: "Log in", href: loginLink },
      notes: [ignore],
    }),
  };
}

/** Sent to a new address a customer wants to use: following the link makes it the account's address. */
export function emailChangeMail(input: { siteName: string; username: string; link: string }): MailContent {
  const { siteName, username, link } = input;
  requireWebLink(link);
  const subject = `Confirm your new email address for ${siteName}`;
  const greeting = `Hi ${username},`;
  const body = `You asked to use this email address for your ${siteName} account "${username}". Open the link below to confirm it; until then your account keeps its old address.`;
  const ignore = "If you did not ask for this, you can ignore this email: nothing changes.";
  return {
    subject,
    text: [greeting, "", body, "", link, "", ignore, "", `The ${siteName} team`].join("\n"),
    html: mailHtml({
      siteName,
      title: subject,
      paragraphs: [greeting, body],
      button: { label: "Confirm my new email address", href: link },
      notes: [ignore],
    }),
  };
}

/** Sent to the old address when a change of address is asked for, so a stolen session cannot quietly move the account. */
export function emailChangeNoticeMail(input: {
  siteName: string;
  username: string;
  newEmail: string;
  resetLink: string;
}): MailContent {
  const { siteName, username, newEmail, resetLink } = input;
  requireWebLink(resetLink);
  const subject = `Your ${siteName} email address is being changed`;
  const greeting = `Hi ${username},`;
  const body = `Someone logged in to your ${siteName} account "${username}" asked to change its email address to ${newEmail}. The change happens when the link sent to that address is followed.`;
  const action = "If this was not you, choose a new password now:";
  return {
    subject,
    text: [greeting, "", body, "", action, resetLink, "", `The ${siteName} team`].join("\n"),
    html: mailHtml({
      siteName,
      title: subject,
      paragraphs: [greeting, body, action],
      button: { label: "Choose a new password", href: resetLink },
      notes: [],
    }),
  };
}
