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

/**
 * A mail in both forms from one description: the paragraphs, the one link to follow (a button in
 * HTML, on its own line in text), and the small print; signed by the shop.
 */
function linkMail(content: {
  siteName: string;
  subject: string;
  paragraphs: string[];
  button: { label: string; href: string };
  notes: string[];
}): MailContent {
  requireWebLink(content.button.href);
  const text = [...content.paragraphs, content.button.href, ...content.notes, `The ${content.siteName} team`].join("\n\n");
  return { subject: content.subject, text, html: mailHtml({ ...content, title: content.subject }) };
}

/** Sent after sign-up (and on request): the link confirms the address for the account. */
export function confirmationMail(input: { siteName: string; username: string; link: string }): MailContent {
  const { siteName, username, link } = input;
  return linkMail({
    siteName,
    subject: `Confirm your email address for ${siteName}`,
    paragraphs: [
      `Hi ${username},`,
      `Thanks for joining ${siteName}! Please confirm that this email address belongs to you: the link below confirms it for your account "${username}".`,
    ],
    button: { label: "Confirm my email address", href: link },
    notes: [`If you did not create an account at ${siteName}, you can ignore this email.`],
  });
}

/** What a mail with a link that chooses an account's password says: whose account, the link, how long it lasts. */
export interface PasswordLinkInput {
  siteName: string;
  username: string;
  link: string;
  expiresInMinutes: number;
}

/** Sent when someone asks to reset the password; says how long the link lasts and that it can be ignored. */
export function passwordResetMail(input: PasswordLinkInput): MailContent {
  const { siteName, username, link, expiresInMinutes } = input;
  return linkMail({
    siteName,
    subject: `Reset your ${siteName} password`,
    paragraphs: [
      `Hi ${username},`,
      `Someone asked to reset the password for your ${siteName} account "${username}". Open the link below to choose a new one.`,
      `This link expires in ${durationInWords(expiresInMinutes)}.`,
    ],
    button: { label: "Choose a new password", href: link },
    notes: ["If you did not ask for this, you can ignore this email: your password stays as it is."],
  });
}

/** Sent when a guest made an account from their order with one click: the link sets its first password. */
export function choosePasswordMail(input: PasswordLinkInput): MailContent {
  const { siteName, username, link, expiresInMinutes } = input;
  return linkMail({
    siteName,
    subject: `Choose a password for your ${siteName} account`,
    paragraphs: [
      `Hi ${username},`,
      `Your ${siteName} account "${username}" is ready. Open the link below to choose its password: your orders will be waiting in it.`,
      `This link expires in ${durationInWords(expiresInMinutes)}; "Forgot your password?" on the login page sends a new one.`,
    ],
    button: { label: "Choose your password", href: link },
    notes: ["If you did not ask for an account, you can ignore this email: without a password nobody can log in to it."],
  });
}

/** Sent to someone who asked which account their address belongs to: the user name, and where to go next. */
export function accountReminderMail(input: {
  siteName: string;
  username: string;
  loginLink: string;
  resetLink: string;
}): MailContent {
  const { siteName, username, loginLink, resetLink } = input;
  requireWebLink(resetLink);
  return linkMail({
    siteName,
    subject: `Your ${siteName} account`,
    paragraphs: [
      "Hi,",
      `Someone asked which ${siteName} account belongs to this email address. Your user name is "${username}": you can log in with it or with this address.`,
      `Forgot your password too? Choose a new one here: ${resetLink}`,
    ],
    button: { label: "Log in", href: loginLink },
    notes: ["If you did not ask for this, you can ignore this email."],
  });
}

/** Sent to a new address a customer wants to use: following the link makes it the account's address. */
export function emailChangeMail(input: { siteName: string; username: string; link: string }): MailContent {
  const { siteName, username, link } = input;
  return linkMail({
    siteName,
    subject: `Confirm your new email address for ${siteName}`,
    paragraphs: [
      `Hi ${username},`,
      `You asked to use this email address for your ${siteName} account "${username}". Open the link below to confirm it; until then your account keeps its old address.`,
    ],
    button: { label: "Confirm my new email address", href: link },
    notes: ["If you did not ask for this, you can ignore this email: nothing changes."],
  });
}

/** Sent to the old address when a change of address is asked for, so a stolen session cannot quietly move the account. */
export function emailChangeNoticeMail(input: {
  siteName: string;
  username: string;
  newEmail: string;
  resetLink: string;
}): MailContent {
  const { siteName, username, newEmail, resetLink } = input;
  return linkMail({
    siteName,
    subject: `Your ${siteName} email address is being changed`,
    paragraphs: [
      `Hi ${username},`,
      `Someone logged in to your ${siteName} account "${username}" asked to change its email address to ${newEmail}. The change happens when the link sent to that address is followed.`,
      "If this was not you, choose a new password now:",
    ],
    button: { label: "Choose a new password", href: resetLink },
    notes: [],
  });
}
