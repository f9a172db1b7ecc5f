/*
 * The brand's mark (ADR 79): a keeper's glove catching under the crossbar of a goal. Drawn on a
 * 40-unit grid, the goal in the text's colour and the glove in mint, so it reads at 16 px (the
 * favicon, public/favicon.svg, is the same drawing on a white tile: change both together).
 */
export function BrandMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className={className} focusable="false">
      <path d="M5 36V7.5h30V36" fill="none" stroke="currentColor" strokeWidth="4" strokeLinejoin="miter" />
      <g transform="rotate(-10 21 23)" className="text-mint-600" fill="currentColor">
        <rect x="12.5" y="12.5" width="4" height="12" rx="2" />
        <rect x="17" y="10.5" width="4" height="14" rx="2" />
        <rect x="21.5" y="11.5" width="4" height="13" rx="2" />
        <rect x="26" y="14" width="4" height="11" rx="2" />
        <rect x="12.5" y="19" width="17.5" height="11.5" rx="3.5" />
        <rect x="7" y="19" width="4.5" height="10" rx="2.25" transform="rotate(-38 9.25 24)" />
      </g>
      <rect x="13.5" y="30.5" width="15.5" height="4.5" rx="1.2" transform="rotate(-10 21 23)" fill="currentColor" />
    </svg>
  );
}
