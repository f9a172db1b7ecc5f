import { buttonMail, type Mail } from "../mail/index.ts";
import { listUnsubscribeHeaders } from "../newsletter/index.ts";
import { optionName, type OptionWords } from "./words.ts";

/*
 * The two mails of a back-in-stock request (ADR 47). Both carry the request's cancel link in their
 * small print and as one-click List-Unsubscribe headers (RFC 8058): the confirmation, so that
 * someone whose address another typed in can stop it at once; the notice, so that mail clients
 * offer their button there too (using it forgets the ended request).
 */

interface RequestMail {
  siteName: string;
  to: string;
  option: OptionWords;
  /** The product page, opened on the option. */
  productLink: string;
  cancelLink: string;
}

/** Sent when a request is made: what was asked for, that one mail will come, and how to cancel. */
export function requestConfirmationMail(input: RequestMail): Mail {
  const name = optionName(input.option);
  return buttonMail({
    siteName: input.siteName,
    to: input.to,
    subject: `We will tell you when ${input.option.productName} is back`,
    paragraphs: [
      `You asked to be told when ${name} is back in stock at ${input.siteName}.`,
      `We will send you one mail as soon as it is; that mail ends the request.`,
    ],
    button: { label: "See the product", href: input.productLink },
    notes: [
      `Did not ask for this, or changed your mind? Cancel the request: ${input.cancelLink}`,
      `You get this mail because this address was given on ${input.siteName} to be told about this option.`,
    ],
    headers: listUnsubscribeHeaders(input.cancelLink),
  });
}

/** The one mail a request gets, written when the option comes back: the request has ended. */
export function backInStockMail(input: RequestMail): Mail {
  const name = optionName(input.option);
  return buttonMail({
    siteName: input.siteName,
    to: input.to,
    subject: `${input.option.productName} is back in stock`,
    paragraphs: [
      `Good news: ${name} is back in stock at ${input.siteName}.`,
      `We do not hold it for anyone, so it goes to whoever orders first.`,
    ],
    button: { label: "Shop it now", href: input.productLink },
    notes: [
      `This is the one mail you asked for: your request has ended, and we will not write about it again.`,
      `To have us forget the request now: ${input.cancelLink}`,
    ],
    headers: listUnsubscribeHeaders(input.cancelLink),
  });
}
