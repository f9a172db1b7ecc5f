// Apart from icons.tsx, so that only /icons carries the words, not every page that shows an icon.

/** What each icon stands for, as /icons lists it; each name is a symbol of icons.svg (icons.test.tsx). */
export const ICON_LABELS = {
  account: "Account",
  bag: "Bag",
  menu: "Menu",
  search: "Search",
  compare: "Compare",
  close: "Close",
  "chevron-left": "Previous",
  "chevron-right": "Next",
  play: "Play",
  external: "Leaves the shop",
  members: "Members",
  mail: "Newsletter",
  delivery: "Delivery",
  glove: "Gloves",
  lock: "Secure",
  returns: "Returns",
  check: "Included",
  "chevron-down": "Open",
  help: "Help",
} as const;
