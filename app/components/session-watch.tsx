import { useEffect, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { authChanged } from "~/lib/auth-events";
import { SESSION_ENDED_MESSAGE, sessionStillOpen } from "~/lib/auth-state";
import { toast } from "~/lib/toast";
import { useAuth } from "~/lib/use-auth";

/**
 * SPEC §4: on each navigation, a logged-in visitor whose token has expired is logged out (there
 * are no refresh tokens), with a toast. The logout goes to the server, which clears the cookies;
 * its failure does not matter, since an expired token is refused anyway. When the logged-in state
 * changes (a login, a logout), per-visitor data in the browser is reset (lib/auth-events).
 */
export function SessionWatch() {
  const { user, loggedIn, tokenStatus: status } = useAuth();
  const location = useLocation();
  const { submit } = useFetcher();
  const reset = useRef(false);

  // Checked on every navigation (location.key): the status is computed as the page renders.
  useEffect(() => {
    if (!loggedIn) {
      reset.current = false;
      return;
    }
    if (reset.current || status !== "expired") return;
    reset.current = true;
    toast(SESSION_ENDED_MESSAGE, "error");
    void submit({ reason: "expired" }, { method: "post", action: "/logout" }).catch(() => {});
  }, [loggedIn, status, location.key, submit]);

  // A page the browser shows again from its back-forward cache may show a session that has ended
  // since (a logout in another tab): ask the server, and log out here too if it has (SPEC §4).
  useEffect(() => {
    if (!loggedIn) return;
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      void sessionStillOpen().then((open) => {
        if (!open) void submit({ reason: "expired" }, { method: "post", action: "/logout" }).catch(() => {});
      });
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [loggedIn, submit]);

  const customerId = user?.id ?? null;
  const previous = useRef(customerId);
  useEffect(() => {
    if (previous.current === customerId) return;
    previous.current = customerId;
    void authChanged(customerId !== null);
  }, [customerId]);

  return null;
}
