import { SpriteDrawing } from "../ui/icons";

/*
 * The brand's mark (ADR 79): a keeper's glove catching under the crossbar of a goal. Drawn on a
 * 40-unit grid (the `brand-mark` symbol of ui/icons.svg), the goal in the text's colour and the
 * glove in mint, so it reads at 16 px (the favicon, public/favicon.svg, is the same drawing on a
 * white tile: change both together).
 */
export function BrandMark({ className = "size-9" }: { className?: string }) {
  return <SpriteDrawing symbol="brand-mark" className={className} />;
}
