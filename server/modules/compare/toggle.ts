/**
 * A product's compare toggle is one button of a form the page has once (compare-form.tsx): its
 * name is the intent (add or remove) and its value the product, so `add=12` stands for
 * `intent=add&productId=12`. The server reads forms this way, and so does the page's script,
 * whose queue shows what is under way by intent and product. No zod here: the browser loads it.
 */
const TOGGLE_INTENTS = ["add", "remove"] as const;

/**
 * The form with a toggle's field written as intent and productId; the form itself when it holds
 * no toggle; null when it cannot be read one way (two toggles, or a toggle beside an intent).
 */
export function expandCompareToggle(form: FormData): FormData | null {
  const toggles = TOGGLE_INTENTS.filter((intent) => form.has(intent));
  if (toggles.length === 0) return form;
  if (toggles.length > 1 || form.has("intent") || form.has("productId")) return null;
  const intent = toggles[0]!;
  const expanded = new FormData();
  for (const [name, value] of form) if (name !== intent) expanded.append(name, value);
  expanded.set("intent", intent);
  expanded.set("productId", form.get(intent)!);
  return expanded;
}
