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
    // Shown only when the button is above the screen (scrolled past), not while still below it.
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.bottom < 0);
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
