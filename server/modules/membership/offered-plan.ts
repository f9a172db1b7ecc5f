/**
 * The plan the shop puts forward (ADR 82): the paid plan that gives the most, taken to be the
 * dearest on sale. The home page offers it and the membership page highlights it. Pure: pages share it.
 */
export function offeredPlan<P extends { price: number }>(plans: readonly P[]): P | undefined {
  return plans
    .filter((plan) => plan.price > 0)
    .reduce<P | undefined>((best, plan) => (best && best.price >= plan.price ? best : plan), undefined);
}
