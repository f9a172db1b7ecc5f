import type { ICON_LABELS } from "./icon-labels";
import sprite from "./icons.svg?url";

/*
 * The shop's icon set: line icons on a 24-unit grid, drawn in the text's colour. Icons are
 * decoration beside words or labels (aria-hidden): the control around one names it. /icons shows
 * them all. The drawings are symbols of one SVG file (icons.svg) that each icon points at with
 * <use>: the file is fetched once and kept (its name changes with its content), so no page's
 * JavaScript carries the drawings (issue 27's first-visit budgets).
 */

export type IconName = keyof typeof ICON_LABELS;

/** A drawing of icons.svg: an icon, the brand's mark or a payment mark (brand/). */
export function SpriteDrawing({ symbol, className }: { symbol: string; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${sprite}#${symbol}`} />
    </svg>
  );
}

export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return <SpriteDrawing symbol={name} className={className} />;
}
