import type { ReactNode } from "react";

/*
 * The shop's icon set: line icons on a 24-unit grid, drawn in the text's colour. Icons are
 * decoration beside words or labels (aria-hidden): the control around one names it. /icons shows
 * them all.
 */

interface IconDrawing {
  /** What the icon stands for, as /icons lists it. */
  label: string;
  strokeWidth: number;
  paths: ReactNode;
}

export const ICONS = {
  account: {
    label: "Account",
    strokeWidth: 1.8,
    paths: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </>
    ),
  },
  bag: {
    label: "Bag",
    strokeWidth: 1.8,
    paths: (
      <>
        <path d="M5 8h14l-1 13H6L5 8z" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </>
    ),
  },
  menu: { label: "Menu", strokeWidth: 2, paths: <path d="M4 6h16M4 12h16M4 18h16" /> },
  search: {
    label: "Search",
    strokeWidth: 2,
    paths: (
      <>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </>
    ),
  },
  compare: { label: "Compare", strokeWidth: 1.8, paths: <path d="M8 4v16M16 4v16M4 8h8M12 16h8" /> },
  close: { label: "Close", strokeWidth: 2, paths: <path d="M6 6l12 12M18 6L6 18" /> },
  "chevron-left": { label: "Previous", strokeWidth: 2, paths: <path d="M15 6l-6 6 6 6" /> },
  "chevron-right": { label: "Next", strokeWidth: 2, paths: <path d="M9 6l6 6-6 6" /> },
  play: { label: "Play", strokeWidth: 1.8, paths: <path d="M8 5.5v13l10.5-6.5L8 5.5z" /> },
  external: {
    label: "Leaves the shop",
    strokeWidth: 1.8,
    paths: <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />,
  },
  members: {
    label: "Members",
    strokeWidth: 1.8,
    paths: <path d="M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.4 6.7 19.4l1.2-6L3.4 9.3l6-.7L12 3z" />,
  },
  mail: {
    label: "Newsletter",
    strokeWidth: 1.8,
    paths: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="m4 7 8 6 8-6" />
      </>
    ),
  },
  delivery: {
    label: "Delivery",
    strokeWidth: 1.8,
    paths: (
      <>
        <path d="M3 6h11v10H3zM14 9h4l3 3v4h-7" />
        <circle cx="7" cy="17.5" r="1.5" />
        <circle cx="17" cy="17.5" r="1.5" />
      </>
    ),
  },
  glove: {
    label: "Gloves",
    strokeWidth: 1.8,
    paths: (
      <path d="M7 21v-6l-2.5-3.5a1.5 1.5 0 0 1 2.4-1.8L8 11V5a1.5 1.5 0 0 1 3 0v5-6.5a1.5 1.5 0 0 1 3 0V10V5a1.5 1.5 0 0 1 3 0v6-3.5a1.5 1.5 0 0 1 3 0V15c0 3-2 6-5 6H7z" />
    ),
  },
  lock: {
    label: "Secure",
    strokeWidth: 1.8,
    paths: (
      <>
        <rect x="5" y="10.5" width="14" height="10" rx="2" />
        <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
      </>
    ),
  },
  returns: {
    label: "Returns",
    strokeWidth: 1.8,
    paths: <path d="M9 7H4V2M4.6 6.9A8.5 8.5 0 1 1 3.5 13" />,
  },
  check: { label: "Included", strokeWidth: 2, paths: <path d="m5 12.5 4.5 4.5L19 7.5" /> },
  "chevron-down": { label: "Open", strokeWidth: 2, paths: <path d="m6 9 6 6 6-6" /> },
  help: {
    label: "Help",
    strokeWidth: 1.8,
    paths: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17.2v.3" />
      </>
    ),
  },
} satisfies Record<string, IconDrawing>;

export type IconName = keyof typeof ICONS;

export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  const icon: IconDrawing = ICONS[name];
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={icon.strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {icon.paths}
    </svg>
  );
}
