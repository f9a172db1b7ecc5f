export * from "./errors.ts";
export { createMailer, type Mail, type Mailer, type MailerOptions } from "./mailer.ts";
export { listOutbox, readOutboxMail, type OutboxMail } from "./outbox.ts";
export {
  accountReminderMail,
  confirmationMail,
  emailChangeMail,
  emailChangeNoticeMail,
  passwordResetMail,
  type MailContent,
} from "./templates.ts";
export { escapeHtml } from "./html-layout.ts";
export { buttonMail } from "./button-mail.ts";
export { linkTokenInput } from "./link-token.ts";

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { mailHtml } from "./html-layout.ts";
export { createMailRunner, enqueueMail, enqueueMails, mailInsert, takeOverClaims } from "./jobs.ts";
export { choosePasswordMail, type PasswordLinkInput } from "./templates.ts";
