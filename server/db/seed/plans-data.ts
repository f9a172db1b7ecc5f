import type { membershipPlans } from "../schema/index.ts";

export type PlanSeed = Omit<typeof membershipPlans.$inferInsert, "id" | "documentId" | "position" | "createdAt" | "updatedAt">;

/** The demo shop's two plans, in the order the membership page lists them. */
export const planSeeds: readonly PlanSeed[] = [
  {
    slug: "club",
    name: "Keepers' Club",
    description:
      "Free for every keeper. Join the club for member news, the exclusives section and an early look at every new drop.",
    price: 0,
    currency: "EUR",
    months: null,
    benefits: [
      "Member news from our workshop and the pro dressing rooms.",
      "Full access to exclusives: pro sessions, interviews and drills.",
      "Early access to new glove drops before they go on general sale.",
      "Members-only products in the shop.",
      "Member prices on selected gear.",
    ],
    discountBasisPoints: 0,
    freeDelivery: false,
    earlyAccess: true,
  },
  {
    slug: "pro",
    name: "Keepers' Club Pro",
    description:
      "Everything in the club, plus 10 % off every order and free standard delivery, for one year. For keepers who go through gloves fast.",
    price: 4900,
    currency: "EUR",
    months: 12,
    benefits: [
      "Everything in the free Keepers' Club.",
      "10 % off every order, sale items included.",
      "Free standard delivery on every order, however small.",
      "Early access to new drops and limited colourways.",
      "Renew each year from your account: we remind you two weeks before it ends.",
    ],
    discountBasisPoints: 1000,
    freeDelivery: true,
    earlyAccess: true,
  },
];
