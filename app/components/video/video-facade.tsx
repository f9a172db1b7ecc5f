import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { ExternalLink, hostOf, leavingPath } from "../external-link";

/*
 * A video from the provider behind a facade (SPEC §1, §8): the page shows a poster and a play
 * button, and nothing reaches the provider (no player, no thumbnail, no script) until the visitor
 * presses play. Then the shop's /videos/embed looks the video up (oEmbed, on the server) and the
 * facade becomes the provider's player in an iframe the shop renders itself, or says why the video
 * cannot be played, with a link to watch it on the provider through the external-site notice.
 * Without JavaScript the play button is that link.
 */

export interface VideoFacadeProps {
  /** The video's address on the provider (a news post's or page's video link). */
  url: string;
  /** The video's title: the play button's label and the player's title. */
  title?: string;
  /** An image on the shop's own image endpoint (a post's cover, say); a plain gradient otherwise. */
  poster?: string;
}

type FacadeState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "playing"; embedUrl: string; title: string }
  | { kind: "failed"; message: string };

/** SPEC §8's catch-all, for answers that are not the endpoint's (no connection, a proxy's error page). */
const FETCH_ERROR = "There was an error fetching the embed code";

const PLAYER_ALLOW = "autoplay; encrypted-media; picture-in-picture";

interface EmbedAnswer {
  embedUrl?: unknown;
  title?: unknown;
  error?: { message?: unknown };
}

async function lookUp(url: string): Promise<FacadeState> {
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

export function VideoFacade({ url, title, poster }: VideoFacadeProps) {
  const hydrated = useHydrated();
  const [state, setState] = useState<FacadeState>({ kind: "idle" });
  const player = useRef<HTMLIFrameElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const label = title ? `Play video: ${title}` : "Play video";

  // What replaced the button takes the focus the button had.
  useEffect(() => {
    if (state.kind === "playing") player.current?.focus();
    if (state.kind === "failed") alert.current?.focus();
  }, [state.kind]);

  const play = async () => {
    if (state.kind === "loading") return;
    setState({ kind: "loading" });
    setState(await lookUp(url));
  };

  if (state.kind === "playing") {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-grey-900" data-testid="video-player">
        <iframe
          ref={player}
          src={autoplaying(state.embedUrl)}
          title={title || state.title || "Video"}
          allow={PLAYER_ALLOW}
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 h-full w-full border-0"
        />
      </div>
    );
  }

  const loading = state.kind === "loading";
  const playIcon = (
    <span
      className={`flex h-16 w-16 items-center justify-center rounded-full bg-white/90 text-mint-800 shadow-lg transition group-hover:scale-105 group-hover:bg-white ${loading ? "animate-pulse" : ""}`}
    >
      <svg viewBox="0 0 24 24" className="ml-1 h-8 w-8" aria-hidden="true" focusable="false">
        <path d="M8 5v14l11-7z" fill="currentColor" />
      </svg>
    </span>
  );
  const cover = "group absolute inset-0 flex items-center justify-center focus-visible:outline-offset-[-4px]";

  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-xl bg-linear-to-br from-grey-700 via-grey-800 to-grey-900"
      data-testid="video-facade"
    >
      {poster && (
        <img src={poster} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
      )}
      {state.kind === "failed" ? (
        <div
          ref={alert}
          role="alert"
          tabIndex={-1}
          className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-grey-900/85 p-6 text-center text-white outline-none"
          data-testid="video-error"
        >
          <p className="font-semibold">{state.message}</p>
          <ExternalLink href={url} className="text-mint-200 underline hover:text-white">
            Watch it on {hostOf(url)}
          </ExternalLink>
        </div>
      ) : hydrated ? (
        <button type="button" aria-label={label} aria-busy={loading} onClick={play} className={cover}>
          {playIcon}
          {loading && <span className="sr-only">Loading the video…</span>}
        </button>
      ) : (
        // Before JavaScript (or without it): the video on the provider, through the notice.
        <a href={leavingPath(url)} aria-label={label} className={cover}>
          {playIcon}
        </a>
      )}
    </div>
  );
}
