// Every request the bench makes goes through here: only ever to 127.0.0.1, never following a
// redirect, and never waiting forever.
import { get as httpGet } from "node:http";

export const LOCAL_HOST = "127.0.0.1";

/** Throws unless the address is http://127.0.0.1:<port>/... */
export function assertLocal(url: string | URL): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" || parsed.hostname !== LOCAL_HOST) {
    throw new Error(`The bench only sends traffic to http://${LOCAL_HOST}; refusing ${parsed.href}`);
  }
  return parsed;
}

export interface LocalResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** GET on 127.0.0.1 with the bytes as served (no compression negotiated, no redirects). */
export async function getLocal(url: string | URL, timeoutMs = 30_000): Promise<LocalResponse> {
  const target = assertLocal(url);
  const response = await fetch(target, {
    redirect: "manual",
    headers: { "accept-encoding": "identity" },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

/**
 * GET on 127.0.0.1 with the given Accept-Encoding, and the body exactly as it travelled (fetch
 * would decompress it): how many bytes a browser receives.
 */
export async function getLocalOnTheWire(url: string | URL, acceptEncoding: string, timeoutMs = 30_000): Promise<LocalResponse> {
  const target = assertLocal(url);
  return new Promise((resolve, reject) => {
    const request = httpGet(target, { headers: { "accept-encoding": acceptEncoding }, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`GET ${target.href} took longer than ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}
