import { ShopError } from "../../lib/shop-error.ts";

/*
 * Staff access's refusals, as ShopErrors (ADR 34, 59). Messages are for the person at the form;
 * `details.reason` tells a program which case it was where one code covers several.
 */

/** Unknown, used, expired and revoked links answer alike: a link tells nothing of what it was. */
export const invitationInvalid = () =>
  new ShopError("INVALID_CODE", "This link is invalid, used or has expired. Ask the shop's owner for a new one.", {
    field: "token",
    details: { reason: "invitation" },
  });

export const ownerExists = () =>
  new ShopError("INVALID_CODE", "The shop has an owner already: ask them to invite you.", {
    field: "token",
    details: { reason: "owner-exists" },
  });

export const wrongCode = () =>
  new ShopError(
    "INVALID_CODE",
    "This code is not right. Enter the code your authenticator app shows now, or an unused recovery code.",
    {
      field: "code",
      details: { reason: "wrong-code" },
    },
  );

/** Confirming with no enrolment started (or one replaced since): start again. */
export const noEnrolment = () =>
  new ShopError("INVALID_CODE", "Set up your authenticator app again: scan the new code, then enter the code it shows.", {
    field: "code",
    details: { reason: "no-enrolment" },
  });

export const tooManyCodes = (retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", "Too many wrong codes. Please wait a few minutes and try again.", { retryAfterSeconds });

export const notOwner = () => new ShopError("FORBIDDEN", "Only the shop's owner can manage the staff.");

export const lastOwner = () =>
  new ShopError("LAST_OWNER", "The shop needs an owner: make someone else owner before changing this account's role.", {
    field: "role",
  });

export const staffNotFound = () =>
  new ShopError("STAFF_NOT_FOUND", "This person is not on the staff (any more).", { field: "userId" });

export const invitationNotFound = () =>
  new ShopError("INVITATION_NOT_FOUND", "This invitation is not open any more: it was used, revoked or has expired.");

export const sessionNotFound = () => new ShopError("SESSION_NOT_FOUND", "This session has ended already.");

export const staleVersion = (changedAt: Date) =>
  new ShopError("STALE_VERSION", "Someone changed this account since you opened it. Check the role it has now and try again.", {
    details: { changedAt: changedAt.toISOString() },
  });

export const secondFactorRequired = () =>
  new ShopError("SECOND_FACTOR_REQUIRED", "Confirm it is you: enter the code from your authenticator app.");

export const alreadyInRole = (role: string) =>
  new ShopError(
    "INVALID_INPUT",
    `This address already belongs to a member of the staff (${role}): change their role in the list instead.`,
    {
      field: "email",
    },
  );
