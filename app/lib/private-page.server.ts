import type { PageContext } from "../../server/context.ts";
import type { PrivatePageOffer } from "./private-page";

/** Whether the visitor is a member now (read once per request: the request context's viewer). */
export async function isMemberNow(context: Pick<PageContext, "viewer">): Promise<boolean> {
  return (await context.viewer()).member;
}

/** The private-page modal's offer for a visitor who is not a member, on the page at `path`. */
export async function privatePageOfferFor(
  context: Pick<PageContext, "services" | "session">,
  path: string,
): Promise<PrivatePageOffer> {
  return { plans: await context.services.membership.plans(), loggedIn: context.session !== null, path };
}
