import { useSyncExternalStore } from "react";
import { calendarDate } from "~/lib/dates";

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });

function remaining(until: number, now: number) {
  const seconds = Math.max(0, Math.floor((until - now) / 1000));
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
  };
}

// The clock as React reads it: the whole second, new each second; nothing on the server, so the
// server's text and the first render in the browser agree.
function everySecond(tick: () => void): () => void {
  const timer = setInterval(tick, 1000);
  return () => clearInterval(timer);
}
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;
const beforeHydration = () => null;

/**
 * A countdown to a launch. The server writes the moment itself (the same text on every render,
 * so the page can be cached); the browser then counts down each second. The ticking numbers are
 * a timer (not read out on every tick); the moment stays written below them.
 */
export function Countdown({ until, title }: { until: string; title: string | null }) {
  const target = Date.parse(until);
  const now = useSyncExternalStore(everySecond, currentSecond, beforeHydration);
  const left = now === null ? null : remaining(target, now);
  const over = now !== null && now >= target;
  return (
    <section
      aria-label={title ?? "Countdown"}
      className="rounded-xl bg-grey-900 px-6 py-8 text-center text-white"
      data-testid="countdown"
    >
      {title && <h2 className="text-2xl font-bold tracking-tight">{title}</h2>}
      {left && !over && (
        <div role="timer" aria-live="off" className="mt-4 flex justify-center gap-4 font-mono text-3xl sm:text-5xl">
          {(["days", "hours", "minutes", "seconds"] as const).map((unit) => (
            <span key={unit} className="flex flex-col items-center">
              <span>{String(left[unit]).padStart(2, "0")}</span>
              <span className="mt-1 font-sans text-xs tracking-widest text-grey-300 uppercase">{unit}</span>
            </span>
          ))}
        </div>
      )}
      <p className="mt-4 text-grey-200">
        {over ? "It is here." : "Live on "}
        {!over && (
          <time dateTime={until}>
            {calendarDate(until)} at {TIME.format(new Date(target))} UTC
          </time>
        )}
      </p>
    </section>
  );
}
