import { buttonMail, type Mail } from "../mail/index.ts";

/** The invitation to join the back office: who may open the link, with which role, until when. */
export function invitationMail(input: { siteName: string; to: string; role: string; link: string; expiresAt: Date }): Mail {
  const until = input.expiresAt.toUTCString().replace(/:\d\d GMT$/, " UTC");
  return buttonMail({
    siteName: input.siteName,
    to: input.to,
    subject: `You are invited to run ${input.siteName}`,
    paragraphs: [
      `The owner of ${input.siteName} invites you to its back office with the role ${input.role}.`,
      `Follow the link to choose your password and set up an authenticator app (the back office asks for a code from it at every sign-in).`,
    ],
    button: { label: "Join the back office", href: input.link },
    notes: [
      `The link works once, until ${until}. If it has expired, ask the owner for a new one.`,
      `Not expecting this? Ignore this mail: nothing happens without the link.`,
    ],
  });
}
