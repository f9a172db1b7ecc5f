import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/*
 * A local video provider that speaks oEmbed (oembed.com), for Vitest and Playwright alike
 * (nothing here may import a test runner). Start the shop with
 *   VIDEO_HOSTS=<fake.host>  VIDEO_OEMBED_URL=<fake.oembedUrl>
 * and its video links are <fake.videoUrl(id)> (http://127.0.0.1:PORT/watch?v=ID).
 *
 *   GET /oembed?url=<video url>&format=json   the oEmbed answer; the video's id says how it goes:
 *       nope…  401 (the owner does not allow embedding)
 *       gone…  404 (no such video)
 *       boom…  500
 *       junk…  200 with a body that is not JSON
 *       evil…  200 with an iframe on another host (the shop must refuse it)
 *       slow…  answers after `slowMs` (a time-out)
 *       anything else: 200, {type: "video", html: '<iframe src="http://127.0.0.1:PORT/embed/ID?feature=oembed" …>', …}
 *   GET /embed/ID     the player: a small page saying "Playing ID" (what the shop's iframe shows)
 *   GET /watch?v=ID   the video's page on the provider ("ID on Fake Tube")
 *
 * Every request is logged (`requests`), so a test can check that nothing reached the provider
 * before a visitor pressed play, or that a second lookup was answered from the shop's memory.
 * From another process (a Playwright worker, when the fake runs in the global setup), the log is
 * GET /__control/requests and DELETE /__control/requests clears it: fakeOembedRequests() below.
 */

export interface FakeOembedRequest {
  method: string;
  /** Path and query, as asked. */
  path: string;
  /** /oembed, /embed or /watch (or another path as it came). */
  kind: "oembed" | "embed" | "watch" | "other";
  /** The video's id, when the request names one. */
  videoId: string | null;
  at: number;
}

export interface FakeOembed {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** 127.0.0.1:PORT: the shop's VIDEO_HOSTS. */
  host: string;
  /** url + /oembed: the shop's VIDEO_OEMBED_URL. */
  oembedUrl: string;
  /** The provider's address of a video: http://127.0.0.1:PORT/watch?v=ID. */
  videoUrl(id: string): string;
  /** The player's address of a video, as the oEmbed answer gives it. */
  embedUrl(id: string): string;
  /** Every request so far, oldest first. */
  requests: FakeOembedRequest[];
  /** The requests of one kind (and video). */
  requestsOf(kind: FakeOembedRequest["kind"], videoId?: string): FakeOembedRequest[];
  /** Forgets the requests logged so far. */
  clearRequests(): void;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

export interface FakeOembedOptions {
  /** A fixed port; a free one otherwise. */
  port?: number;
  /** How long `slow…` videos take to answer (10 s). */
  slowMs?: number;
  provider?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const ID = /^[\w-]{1,64}$/;

/** The request log over HTTP (not logged itself). */
const CONTROL_PATH = "/__control/requests";

/**
 * The request log of a fake running in another process (`url`: its FakeOembed.url); with
 * `clear`, the log is emptied as it is read.
 */
export async function fakeOembedRequests(url: string, options: { clear?: boolean } = {}): Promise<FakeOembedRequest[]> {
  const response = await fetch(`${url}${CONTROL_PATH}`, { method: options.clear ? "DELETE" : "GET" });
  if (!response.ok) throw new Error(`The fake video provider answered ${response.status}`);
  return (await response.json()) as FakeOembedRequest[];
}

/** The id a video address names: its `v` parameter, or the last part of its path. */
function videoIdOf(address: string | null): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    const id = url.searchParams.get("v") ?? url.pathname.split("/").filter(Boolean).pop() ?? null;
    return id && ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

export async function startFakeOembed(options: FakeOembedOptions = {}): Promise<FakeOembed> {
  const provider = options.provider ?? "Fake Tube";
  const slowMs = options.slowMs ?? 10_000;
  const requests: FakeOembedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let base = "";

  function send(response: ServerResponse, status: number, type: string, body: string) {
    response.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
    response.end(body);
  }

  function oembed(request: URL, response: ServerResponse) {
    const id = videoIdOf(request.searchParams.get("url"));
    if (!id || request.searchParams.get("format") !== "json") return send(response, 400, "text/plain", "Bad Request");
    if (id.startsWith("nope")) return send(response, 401, "text/plain", "Unauthorized");
    if (id.startsWith("gone")) return send(response, 404, "text/plain", "Not Found");
    if (id.startsWith("boom")) return send(response, 500, "text/plain", "Internal Server Error");
    if (id.startsWith("junk")) return send(response, 200, "application/json", "<html>not json</html>");
    const player = id.startsWith("evil") ? `http://evil.example/embed/${id}` : `${base}/embed/${id}?feature=oembed`;
    const answer = {
      type: "video",
      version: "1.0",
      title: `Video ${id}`,
      author_name: "Fake Keeper",
      provider_name: provider,
      provider_url: `${base}/`,
      thumbnail_url: `${base}/thumbnails/${id}.jpg`,
      thumbnail_width: 480,
      thumbnail_height: 360,
      width: 200,
      height: 113,
      html: `<iframe width="200" height="113" src="${escapeHtml(player)}" frameborder="0" allow="autoplay; encrypted-media" allowfullscreen title="Video ${id}"></iframe>`,
    };
    const reply = () => send(response, 200, "application/json", JSON.stringify(answer));
    if (!id.startsWith("slow")) return reply();
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!response.destroyed) reply();
    }, slowMs);
    timers.add(timer);
  }

  function page(title: string, text: string) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><p>${escapeHtml(text)}</p></body></html>`;
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    if (url.pathname === CONTROL_PATH) {
      // DELETE answers the requests it cleared.
      const log = request.method === "DELETE" ? requests.splice(0) : requests;
      return send(response, 200, "application/json", JSON.stringify(log));
    }
    const embed = /^\/embed\/([\w-]{1,64})$/.exec(url.pathname);
    const kind: FakeOembedRequest["kind"] =
      url.pathname === "/oembed" ? "oembed" : embed ? "embed" : url.pathname === "/watch" ? "watch" : "other";
    const videoId =
      kind === "oembed"
        ? videoIdOf(url.searchParams.get("url"))
        : kind === "embed"
          ? embed![1]!
          : kind === "watch"
            ? videoIdOf(url.href)
            : null;
    requests.push({ method: request.method ?? "GET", path: url.pathname + url.search, kind, videoId, at: Date.now() });
    if (request.method !== "GET") return send(response, 405, "text/plain", "Method Not Allowed");
    if (kind === "oembed") return oembed(url, response);
    if (kind === "embed") return send(response, 200, "text/html; charset=utf-8", page(`Video ${videoId}`, `Playing ${videoId}`));
    if (kind === "watch" && videoId)
      return send(response, 200, "text/html; charset=utf-8", page(`${videoId} on ${provider}`, `${videoId} on ${provider}`));
    return send(response, 404, "text/plain", "Not Found");
  }

  const server = createServer(handle);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    port,
    host: `127.0.0.1:${port}`,
    oembedUrl: `${base}/oembed`,
    videoUrl: (id) => `${base}/watch?v=${encodeURIComponent(id)}`,
    embedUrl: (id) => `${base}/embed/${encodeURIComponent(id)}?feature=oembed`,
    requests,
    requestsOf: (kind, videoId) => requests.filter((r) => r.kind === kind && (videoId === undefined || r.videoId === videoId)),
    clearRequests: () => void requests.splice(0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
