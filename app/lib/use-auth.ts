import { useNavigation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { tokenStatus, type TokenStatus } from "./auth-state";

/** Forms whose sending means the visitor's auth state is changing. */
const AUTH_ACTIONS = new Set(["/login", "/sign-up", "/logout", "/reset-password"]);

export interface AuthState {
  user: { id: number; username: string; firstName: string | null; confirmed: boolean } | null;
  loggedIn: boolean;
  /** How the visitor logged in (SPEC §9: local by default); null for a guest. */
  strategy: string | null;
  /** A login, sign-up, reset or logout is on its way. */
  busy: boolean;
  tokenStatus: TokenStatus;
}

/**
 * The browser's auth state of SPEC §3: user, loggedIn, strategy, busy, and the token's status.
 * It comes with the page data (the root loader), so it is right on the first paint, with or
 * without JavaScript; the token itself stays in its HttpOnly cookie.
 */
export function useAuth(): AuthState {
  const auth = useRouteLoaderData<typeof rootLoader>("root")?.auth ?? null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && AUTH_ACTIONS.has(navigation.formAction?.split("?")[0] ?? "");
  return {
    user: auth?.user ?? null,
    loggedIn: auth !== null,
    strategy: auth?.strategy ?? null,
    busy,
    tokenStatus: tokenStatus(auth?.expiresAt),
  };
}
