/** The policy pages (privacy, returns, terms): edited like any page; each says when it last changed (issue 26 §3). */
export const POLICY_PAGES: readonly string[] = ["privacy-policy", "returns-policy", "terms-condition"];
