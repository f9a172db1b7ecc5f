import { useEffect, useState, type RefObject } from "react";

/**
 * On a phone, once the page's add-to-bag button has scrolled out of view, a bar at the foot of the
 * screen with the product, its price and a button of the same form, so the shopper can add from
 * anywhere on the page. Watched with an IntersectionObserver; without JavaScript there is no bar
 * (the form's own button is the one way), and from 1024 px the purchase column is in view anyway.
 */
export function StickyAddBar({
  watch,
  name,
  price,
  label,
  disabled,
  busy,
}: {
  /** The form's own button: the bar shows while it is off screen. */
  watch: RefObject<HTMLElement | null>;
  name: string;
  price: string;
  label: string;
  disabled: boolean;
  busy: boolean;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver === "undefined") return;
    // The screen's box stretched far down: the button "intersects" while on screen or below it, and
    // stops once it is above it (scrolled past). A jump from below to above (a link to a section,
    // restored scrolling) crosses that edge too, where it would not cross the screen's own box.
    const observer = new IntersectionObserver(([entry]) => entry && setShown(!entry.isIntersecting), {
      rootMargin: "0px 0px 100000px 0px",
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);
  return (
    <div
      className="sticky-add-bar"
      data-shown={shown ? "" : undefined}
      aria-hidden={!shown}
      inert={!shown}
      data-testid="sticky-add-bar"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">{name}</p>
        <p className="text-sm text-grey-700">{price}</p>
      </div>
      <button type="submit" className="sticky-add-button" disabled={disabled || busy} aria-busy={busy || undefined}>
        {label}
      </button>
    </div>
  );
}
