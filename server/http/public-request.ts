/**
 * The request as the shopper sent it. A shop served over HTTPS sits behind a proxy that ends TLS
 * and talks plain HTTP to this process, so the request arrives as http://host/... while the
 * browser's Origin says https://host. React Router refuses form posts whose Origin differs from the
 * request's (its guard against cross-site posts), so, when PUBLIC_URL is HTTPS and the request is
 * for PUBLIC_URL's host, the request is given PUBLIC_URL's scheme. Other hosts are left alone, and
 * so keep failing that guard.
 */
export function asPublicRequest(request: Request, publicUrl: string): Request {
  const pub = new URL(publicUrl);
  if (pub.protocol !== "https:") return request;
  const url = new URL(request.url);
  if (url.protocol !== "http:" || url.host !== pub.host) return request;
  url.protocol = "https:";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // Node needs this to pass a streamed body on.
    duplex: "half",
  } as RequestInit);
}
