import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { CachedHtml } from "./ui/cached-html";
import { Link } from "./ui/link";
import type { BrandSummary } from "../../server/modules/catalog/index.ts";
import { logoImageSources } from "~/lib/media";
import { Icon, type IconName } from "./ui/icons";

/**
 * A row of brands that scrolls sideways: by touch (native scrolling with snap points), by mouse
 * (drag, or the arrow buttons) and by keyboard (arrow keys, Home, End, or tabbing through the
 * links, which scrolls each into view). Without JavaScript it is still a scrollable row of links.
 */
export function BrandSlider({ brands }: { brands: BrandSummary[] }) {
  const track = useRef<HTMLUListElement>(null);
  const drag = useRef<{ x: number; scroll: number; moved: boolean } | null>(null);
  const hydrated = useHydrated();

  const page = (direction: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.8, behavior: "smooth" });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const el = track.current;
    if (!el) return;
    const moves: Record<string, () => void> = {
      ArrowRight: () => page(1),
      ArrowLeft: () => page(-1),
      Home: () => el.scrollTo({ left: 0, behavior: "smooth" }),
      End: () => el.scrollTo({ left: el.scrollWidth, behavior: "smooth" }),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
    }
  };
  // Mouse drag; touch and pen keep the browser's own scrolling.
  const onPointerDown = (e: PointerEvent<HTMLUListElement>) => {
    if (e.pointerType !== "mouse" || !track.current) return;
    drag.current = { x: e.clientX, scroll: track.current.scrollLeft, moved: false };
  };
  const onPointerMove = (e: PointerEvent<HTMLUListElement>) => {
    const d = drag.current;
    if (!d || !track.current) return;
    const dx = e.clientX - d.x;
    if (Math.abs(dx) > 4) d.moved = true;
    track.current.scrollLeft = d.scroll - dx;
  };
  const endDrag = () => {
    // Let the click that ends a drag through the capture phase first, so it can be cancelled.
    setTimeout(() => (drag.current = null), 0);
  };

  return (
    <section aria-labelledby="brands-title" className="container-page mt-16">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id="brands-title" className="text-2xl font-semibold">
          Our brands
        </h2>
        {hydrated && (
          <div className="flex gap-2">
            <PageButton label="Previous brands" icon="chevron-left" onClick={() => page(-1)} />
            <PageButton label="Next brands" icon="chevron-right" onClick={() => page(1)} />
          </div>
        )}
      </div>
      <CachedHtml
        tag="ul"
        source={brands}
        variant=""
        ref={track}
        tabIndex={0}
        aria-label="Brands, scroll sideways"
        data-testid="brand-slider"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerLeave={endDrag}
        onClickCapture={(e) => {
          if (drag.current?.moved) e.preventDefault();
        }}
        onDragStart={(e) => e.preventDefault()}
        className="brand-slider"
      >
        <BrandItems brands={brands} />
      </CachedHtml>
    </section>
  );
}

/** The slider's items; the server renders them once per list of brands (CachedHtml). */
function BrandItems({ brands }: { brands: BrandSummary[] }) {
  return (
    <>
      {brands.map((brand) => (
        <li key={brand.slug}>
          <Link to={`/brands/${brand.slug}`}>
            {brand.logoPath && (
              <img {...logoImageSources(brand.logoPath, 96, 160)} alt="" width={96} height={96} loading="lazy" />
            )}
            {brand.name}
          </Link>
        </li>
      ))}
    </>
  );
}

function PageButton({ label, icon, onClick }: { label: string; icon: IconName; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded-full border border-grey-300 p-2 hover:border-mint-500"
    >
      <Icon name={icon} className="size-5" />
    </button>
  );
}
