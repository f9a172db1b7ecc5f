import { cookieValue, setCookie } from "../../server/lib/shared.ts";
/**
 * A one-time message carried across a redirect in a short-lived cookie: how a form posted without
 * JavaScript tells the shopper what happened on the page it lands on. The page reads it once and
 * clears it. Only the shop's own messages go in; they are shown as text, never as HTML.
 */
export interface FlashNotice {
  kind: "success" | "error";
  message: string;
}

const MAX_AGE_S = 60;

export function flashCookie(name: string, path: string, notice: FlashNotice): string {
  // Not Secure even on HTTPS: it carries one of the shop's own messages, nothing to protect.
  return setCookie(name, encodeURIComponent(JSON.stringify(notice)), { path, maxAge: MAX_AGE_S, secure: false });
}

export function clearFlashCookie(name: string, path: string): string {
  return setCookie(name, "", { path, maxAge: 0, secure: false });
}

/** The notice in a Cookie header, or null when there is none or it is not one of ours. */
export function readFlash(cookieHeader: string | null, name: string): FlashNotice | null {
  const raw = cookieValue(cookieHeader, name);
  if (raw === undefined) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<FlashNotice>;
    if ((value.kind === "success" || value.kind === "error") && typeof value.message === "string") {
      return { kind: value.kind, message: value.message.slice(0, 300) };
    }
  } catch {
    // A cookie that is not ours, or damaged: no notice.
  }
  return null;
}
