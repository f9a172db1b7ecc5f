import { useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { leavingPath } from "../external-link";
import type * as PlayerPart from "./video-player";

/*
 * A video from the provider behind a facade (SPEC §1, §8): the page shows a poster and a play
 * button, and nothing reaches the provider (no player, no thumbnail, no script) until the visitor
 * presses play. Then the shop's /videos/embed looks the video up (oEmbed, on the server) and the
 * facade becomes the provider's player in an iframe the shop renders itself, or says why the video
 * cannot be played, with a link to watch it on the provider through the external-site notice.
 * Without JavaScript the play button is that link. The code for what follows a press (the look-up,
 * the player, the failure) is loaded by the press (video-player.tsx; ADR 44).
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
  | { kind: "done"; Outcome: ComponentType<PlayerPart.VideoOutcomeProps>; outcome: PlayerPart.Outcome };

const COVER = "group absolute inset-0 flex items-center justify-center focus-visible:outline-offset-[-4px]";

export function VideoFacade({ url, title, poster }: VideoFacadeProps) {
  const hydrated = useHydrated();
  const [state, setState] = useState<FacadeState>({ kind: "idle" });
  const label = title ? `Play video: ${title}` : "Play video";
  // Whether this facade is still on the page when its code or the look-up answers (set on each
  // mount: StrictMode mounts twice in development).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const play = async () => {
    if (state.kind !== "idle") return;
    setState({ kind: "loading" });
    let part: typeof PlayerPart;
    try {
      part = await import("./video-player");
    } catch {
      // The code could not load (offline, a new deploy): the video on the provider, through the
      // notice, as without JavaScript; unless the visitor has left the page meanwhile.
      if (mounted.current) window.location.assign(leavingPath(url));
      return;
    }
    const outcome = await part.lookUp(url);
    if (mounted.current) setState({ kind: "done", Outcome: part.VideoOutcome, outcome });
  };

  if (state.kind === "done") return <state.Outcome outcome={state.outcome} url={url} title={title} poster={poster} />;

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
  return (
    <VideoCover poster={poster}>
      {hydrated ? (
        <button type="button" aria-label={label} aria-busy={loading} onClick={play} className={COVER}>
          {playIcon}
          {loading && <span className="sr-only">Loading the video…</span>}
        </button>
      ) : (
        // Before JavaScript (or without it): the video on the provider, through the notice.
        <a href={leavingPath(url)} aria-label={label} className={COVER}>
          {playIcon}
        </a>
      )}
    </VideoCover>
  );
}

/** The facade's frame: the poster (an image on the shop's own endpoint; a plain gradient without one), with what lies over it. */
export function VideoCover({ poster, children }: { poster?: string; children: ReactNode }) {
  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-xl bg-linear-to-br from-grey-700 via-grey-800 to-grey-900"
      data-testid="video-facade"
    >
      {poster && (
        <img src={poster} alt="" loading="lazy" decoding="async" className="absolute inset-0 h-full w-full object-cover" />
      )}
      {children}
    </div>
  );
}
