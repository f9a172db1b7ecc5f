import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useMatches, useNavigationType } from "react-router";
import { handleOf } from "~/lib/route-handle";

/**
 * React Router's <ScrollRestoration/> restores positions on back/forward and scrolls to the top
 * (or to the hash target) otherwise. A route whose handle says scrollToTop: false opts out of the
 * scroll to the top: this puts the page back where it was. Render it after <ScrollRestoration/>,
 * so its layout effect runs after React Router's.
 */
export function ScrollKeeper() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const lastY = useRef(0);

  useEffect(() => {
    const remember = () => {
      lastY.current = window.scrollY;
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    if (navigationType === "POP" || location.hash) return;
    if (matches.some((m) => handleOf(m).scrollToTop === false)) window.scrollTo(0, lastY.current);
    // Only a change of location matters; matches change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
