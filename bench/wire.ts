// Bytes on the wire: what a browser receives for a page, asking for compression as browsers do,
// and how long the server's own compression (server/http/compression.ts) takes for that page:
// the bench's load asks for none, so its req/s are rendering only (docs/decisions/0028).
import { compressBytes } from "../server/http/compression.ts";
import { getLocalOnTheWire } from "./local-http.ts";
import { median } from "./rounds.ts";

/** What Chromium sends. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

export interface Wire {
  /** The body's bytes as sent to a browser. */
  bytes: number;
  /** Content-Encoding of that answer (null: sent as it is). */
  encoding: string | null;
  /** Median time the server's brotli settings take to compress the page's HTML (no page cache in the bench). */
  compressMs: number;
}

const COMPRESS_RUNS = 15;

export async function onTheWire(url: string, html: Buffer): Promise<Wire> {
  const response = await getLocalOnTheWire(url, BROWSER_ACCEPT_ENCODING);
  if (response.status !== 200) throw new Error(`GET ${url} with Accept-Encoding answered ${response.status}`);
  const times: number[] = [];
  for (let run = 0; run < COMPRESS_RUNS; run++) {
    const startedAt = performance.now();
    await compressBytes(html, "br");
    times.push(performance.now() - startedAt);
  }
  return { bytes: response.body.length, encoding: response.headers.get("content-encoding"), compressMs: median(times) };
}
