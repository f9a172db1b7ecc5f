import { useEffect, useRef, useState, type PointerEvent } from "react";
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_CLOSE_PX, type Toast } from "~/lib/toast";

/** One toast (SPEC.md §9): gone after its time unless hovered or held, closed with its X or a swipe. */
const tone = {
  info: "border-grey-200 bg-white text-grey-900",
  success: "border-mint-300 bg-mint-50 text-grey-900",
  error: "border-danger-500 bg-danger-50 text-danger-600",
} as const;

export function ToastItem({ toast }: { toast: Toast }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const startX = useRef<number | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, paused]);

  const onPointerDown = (e: PointerEvent<HTMLLIElement>) => {
    if ((e.target as HTMLElement).closest("button")) return;
    startX.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
    setPaused(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLLIElement>) => {
    if (startX.current !== null) setOffset(e.clientX - startX.current);
  };
  const onPointerEnd = () => {
    if (startX.current === null) return;
    startX.current = null;
    if (Math.abs(offset) > TOAST_SWIPE_CLOSE_PX) dismissToast(toast.id);
    else {
      setOffset(0);
      setPaused(false);
    }
  };

  return (
    <li
      data-toast={toast.kind}
      className={`pointer-events-auto flex touch-pan-y items-start gap-3 rounded-card border py-3 pr-2 pl-4 text-sm shadow-lg select-none ${tone[toast.kind]}`}
      style={{ transform: `translateX(${offset}px)`, opacity: 1 - Math.min(Math.abs(offset) / 200, 0.6) }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => startX.current === null && setPaused(false)}
    >
      <p className="flex-1 self-center">{toast.message}</p>
      <button
        type="button"
        aria-label="Close notification"
        className="-my-2.5 flex size-tap shrink-0 items-center justify-center rounded-control text-grey-600 hover:text-grey-900"
        onClick={() => dismissToast(toast.id)}
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 4l8 8M12 4l-8 8" />
        </svg>
      </button>
    </li>
  );
}
