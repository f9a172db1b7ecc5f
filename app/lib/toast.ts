/**
 * Toasts (SPEC.md §9): top right, gone after 3000 ms, closed with an X or by a swipe beyond
 * 80 px. A tiny store that any module may call; <Toaster/> renders what it holds.
 */
export const TOAST_DURATION_MS = 3000;
export const TOAST_SWIPE_CLOSE_PX = 80;

export type ToastKind = "info" | "success" | "error";

export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function toast(message: string, kind: ToastKind = "info"): number {
  const id = nextId++;
  publish([...toasts, { id, message, kind }]);
  return id;
}

export function dismissToast(id: number) {
  publish(toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToasts(): readonly Toast[] {
  return toasts;
}
