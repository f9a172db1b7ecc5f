/** The policy pages (privacy, returns, terms): edited like any page; each says when it last changed (issue 26 §3). */
export const POLICY_PAGES: readonly string[] = ["privacy-policy", "returns-policy", "terms-condition"];

/** The form's text fields (text0, text1, ...) as the input's `texts`. */
export function textsOf(fields: Record<string, string>): string[] {
  return Object.keys(fields)
    .filter((name) => /^text\d{1,2}$/.test(name))
    .sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)))
    .map((name) => fields[name]!);
}
