import { useEffect } from "react";
import { useNavigate } from "react-router";
import { clientNavigationFor } from "~/lib/link-clicks";

/** Turns clicks on the shop's plain links into client-side navigations (see ui/link.tsx). */
export function ClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = clientNavigationFor(event, window.location.href);
      if (!target) return;
      event.preventDefault();
      void navigate(target.to, { replace: target.replace, preventScrollReset: target.preventScrollReset, viewTransition: true });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
