import { useEffect, useRef } from "react";
import { ExternalLink, hostOf } from "../external-link";
import { VideoCover } from "./video-facade";

/*
 * What a press of a facade's play button leads to (video-facade.tsx loads this on the press): the
 * shop's /videos/embed asked for the video, then the provider's player in an iframe the shop
 * renders itself, or why the video cannot be played, with a link to the provider.
 */

export type Outcome = { kind: "playing"; embedUrl: string; title: string } | { kind: "failed"; message: string };

export interface VideoOutcomeProps {
  outcome: Outcome;
  url: string;
  title?: string;
  poster?: string;
}

/** SPEC §8's catch-all, for answers that are not the endpoint's (no connection, a proxy's error page). */
const FETCH_ERROR = "There was an error fetching the embed code";

const PLAYER_ALLOW = "autoplay; encrypted-media; picture-in-picture";

interface EmbedAnswer {
  embedUrl?: unknown;
  title?: unknown;
  error?: { message?: unknown };
}

export async function lookUp(url: string): Promise<Outcome> {
  try {
    const response = await fetch(`/videos/embed?url=${encodeURIComponent(url)}`, { headers: { Accept: "application/json" } });
    const answer = (await response.json()) as EmbedAnswer;
    if (response.ok && typeof answer.embedUrl === "string") {
      return { kind: "playing", embedUrl: answer.embedUrl, title: typeof answer.title === "string" ? answer.title : "" };
    }
    const message = answer.error?.message;
    return { kind: "failed", message: typeof message === "string" && message ? message : FETCH_ERROR };
  } catch {
    return { kind: "failed", message: FETCH_ERROR };
  }
}

/** The player's address, asked to start playing: the visitor already pressed play once. */
function autoplaying(embedUrl: string): string {
  const address = new URL(embedUrl);
  address.searchParams.set("autoplay", "1");
  return address.href;
}

export function VideoOutcome({ outcome, url, title, poster }: VideoOutcomeProps) {
  const player = useRef<HTMLIFrameElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  // What replaced the play button takes the focus the button had.
  useEffect(() => {
    (player.current ?? alert.current)?.focus();
  }, []);

  if (outcome.kind === "playing") {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-grey-900" data-testid="video-player">
        <iframe
          ref={player}
          src={autoplaying(outcome.embedUrl)}
          title={title || outcome.title || "Video"}
          allow={PLAYER_ALLOW}
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 h-full w-full border-0"
        />
      </div>
    );
  }
  return (
    <VideoCover poster={poster}>
      <div
        ref={alert}
        role="alert"
        tabIndex={-1}
        className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-grey-900/85 p-6 text-center text-white outline-none"
        data-testid="video-error"
      >
        <p className="font-semibold">{outcome.message}</p>
        <ExternalLink href={url} className="text-mint-200 underline hover:text-white">
          Watch it on {hostOf(url)}
        </ExternalLink>
      </div>
    </VideoCover>
  );
}
