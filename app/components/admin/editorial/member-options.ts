/** The lists' "who may read" filter, alike for news and pages. */
export const MEMBER_OPTIONS = [
  { value: "only", label: "Members only" },
  { value: "everyone", label: "Everyone" },
];
