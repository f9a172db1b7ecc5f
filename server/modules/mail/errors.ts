/** The mailer's typed failures; callers map them to their own messages without knowing the transport. */
export class MailError extends Error {}

/**
 * The recipient is empty or holds a line break. Nodemailer encodes headers safely, but a line break
 * in an address is never legitimate, so it is refused before any transport sees it.
 */
export class InvalidRecipientError extends MailError {
  override name = "InvalidRecipientError";
  constructor() {
    super("The recipient address is not valid.");
  }
}

/** The mail could not be handed over (SMTP refused or unreachable, outbox not writable); `cause` says why. */
export class MailDeliveryError extends MailError {
  override name = "MailDeliveryError";
  constructor(cause: unknown) {
    super("The mail could not be sent.", { cause });
  }
}
