import { expect, test } from "vitest";
import { videoProvider } from "../videos/provider.ts";
import {
  createExternalLinks,
  createLinkSignatures,
  LEAVING_MESSAGES,
  leavingPath,
  leavingTarget,
  SOCIAL_LINKS,
  SOCIAL_ORIGINS,
} from "./index.ts";

const SECRET = "a test secret of the shop";
const youtube = createExternalLinks({ videoOrigins: videoProvider().siteOrigins, secret: SECRET });
const fake = createExternalLinks({ videoOrigins: videoProvider(["127.0.0.1:8080"]).siteOrigins, secret: SECRET });

test("the notice forwards to the video provider's hosts and the shop's social networks, https", () => {
  expect(youtube.leavingTarget("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual({
    ok: true,
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    host: "www.youtube.com",
  });
  expect(youtube.leavingTarget("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({ ok: true, host: "youtu.be" });
  for (const link of SOCIAL_LINKS) expect(youtube.leavingTarget(link.url), link.url).toMatchObject({ ok: true, url: link.url });
  // Normalised: the host lower-cased, the default port dropped.
  expect(youtube.leavingTarget("https://WWW.Instagram.com:443/safehandskeepers")).toEqual({
    ok: true,
    url: "https://www.instagram.com/safehandskeepers",
    host: "www.instagram.com",
  });
});

test("a configured loopback provider may be reached over http; other hosts and schemes never", () => {
  expect(fake.leavingTarget("http://127.0.0.1:8080/watch?v=abc")).toMatchObject({ ok: true, host: "127.0.0.1:8080" });
  // The configured provider replaces YouTube (whose www host stays as a social network's).
  expect(fake.leavingTarget("https://youtu.be/dQw4w9WgXcQ")).toMatchObject({ ok: false });
  expect(fake.leavingTarget(SOCIAL_LINKS[0]!.url)).toMatchObject({ ok: true });
  expect(fake.leavingTarget("http://127.0.0.1:8081/watch?v=abc")).toEqual({
    ok: false,
    message: LEAVING_MESSAGES.notAllowed("127.0.0.1:8081"),
  });
});

test("anything else is refused with a reason", () => {
  const refused: [string | null, string][] = [
    [null, LEAVING_MESSAGES.missing],
    ["", LEAVING_MESSAGES.missing],
    ["   ", LEAVING_MESSAGES.missing],
    ["javascript:alert(1)", LEAVING_MESSAGES.notAddress],
    ["JavaScript://www.youtube.com/%0aalert(1)", LEAVING_MESSAGES.notAddress],
    ["data:text/html,hi", LEAVING_MESSAGES.notAddress],
    ["/my-account", LEAVING_MESSAGES.notAddress],
    ["//www.youtube.com/watch?v=dQw4w9WgXcQ", LEAVING_MESSAGES.notAddress],
    ["www.youtube.com/watch?v=dQw4w9WgXcQ", LEAVING_MESSAGES.notAddress],
    ["https://", LEAVING_MESSAGES.notAddress],
    [`https://www.youtube.com/${"a".repeat(2100)}`, LEAVING_MESSAGES.notAddress],
    ["http://www.youtube.com/watch?v=dQw4w9WgXcQ", LEAVING_MESSAGES.notAllowed("www.youtube.com")],
    ["https://evil.example/", LEAVING_MESSAGES.notAllowed("evil.example")],
    ["https://www.youtube.com.evil.example/", LEAVING_MESSAGES.notAllowed("www.youtube.com.evil.example")],
    ["https://www.youtube.com@evil.example/", LEAVING_MESSAGES.notAllowed("evil.example")],
    ["https://user:pw@www.youtube.com/", LEAVING_MESSAGES.notAllowed("www.youtube.com")],
    ["https://www.youtube.com:8443/", LEAVING_MESSAGES.notAllowed("www.youtube.com:8443")],
    ["http://127.0.0.1:8080/watch?v=abc", LEAVING_MESSAGES.notAllowed("127.0.0.1:8080")],
  ];
  for (const [to, message] of refused) expect(youtube.leavingTarget(to), String(to)).toEqual({ ok: false, message });
});

test("the social origins are the footer links' own", () => {
  expect(SOCIAL_ORIGINS).toEqual(SOCIAL_LINKS.map((link) => new URL(link.url).origin));
  expect(leavingTarget("https://www.tiktok.com/@safehandskeepers", new Set(SOCIAL_ORIGINS))).toMatchObject({ ok: true });
});

test("signed by the shop, any https address is followed; unsigned, forged or re-used signatures are not", () => {
  const to = "https://research.example/gloves?year=2024";
  const sig = youtube.sign(to);
  expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(youtube.leavingTarget(to, sig)).toEqual({ ok: true, url: to, host: "research.example" });
  // Another port of another host too: the shop wrote the link.
  const port = "https://research.example:8443/a";
  expect(youtube.leavingTarget(port, youtube.sign(port))).toMatchObject({ ok: true, host: "research.example:8443" });

  const refused = LEAVING_MESSAGES.notAllowed("research.example");
  expect(youtube.leavingTarget(to)).toEqual({ ok: false, message: refused });
  expect(youtube.leavingTarget(to, null)).toEqual({ ok: false, message: refused });
  expect(youtube.leavingTarget(to, "")).toEqual({ ok: false, message: refused });
  // Forged: a signature of another address, a changed one, another key's, one of the wrong length.
  expect(youtube.leavingTarget(to, youtube.sign("https://research.example/"))).toEqual({ ok: false, message: refused });
  expect(youtube.leavingTarget(to, `${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`)).toEqual({ ok: false, message: refused });
  // base64url's last character has two spare bits: another spelling of the same bytes is not the signature either.
  const last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".indexOf(sig.at(-1)!);
  const respelled = `${sig.slice(0, -1)}${"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[last ^ 1]}`;
  expect(Buffer.from(respelled, "base64url")).toEqual(Buffer.from(sig, "base64url"));
  expect(youtube.leavingTarget(to, respelled)).toEqual({ ok: false, message: refused });
  expect(youtube.leavingTarget(to, createLinkSignatures("another secret").sign(to))).toEqual({ ok: false, message: refused });
  expect(youtube.leavingTarget(to, sig.slice(0, 24))).toEqual({ ok: false, message: refused });
  expect(youtube.leavingTarget(to, `${sig}=`)).toEqual({ ok: false, message: refused });
  // The signature is of the exact address: not of one with another path, query or host.
  for (const other of [`${to}&x=1`, "https://research.example/gloves?year=2025", "https://evil.example/gloves?year=2024"])
    expect(youtube.leavingTarget(other, sig), other).toMatchObject({ ok: false });
});

test("a signature never makes http, javascript:, credentials or a non-address followable", () => {
  const cases: [string, string][] = [
    ["http://research.example/", LEAVING_MESSAGES.notAllowed("research.example")],
    ["javascript:alert(document.cookie)", LEAVING_MESSAGES.notAddress],
    ["JavaScript://research.example/%0aalert(1)", LEAVING_MESSAGES.notAddress],
    ["data:text/html,hi", LEAVING_MESSAGES.notAddress],
    ["//research.example/", LEAVING_MESSAGES.notAddress],
    ["/my-account", LEAVING_MESSAGES.notAddress],
    ["https://user:pw@research.example/", LEAVING_MESSAGES.notAllowed("research.example")],
    ["https://www.youtube.com@research.example/", LEAVING_MESSAGES.notAllowed("research.example")],
  ];
  for (const [to, message] of cases) expect(youtube.leavingTarget(to, youtube.sign(to)), to).toEqual({ ok: false, message });
});

test("leavingPath: the notice's address, with the signature when signed", () => {
  const to = "https://research.example/a b?x=1&y=2#top";
  expect(leavingPath(to)).toBe(`/leaving?to=${encodeURIComponent(to)}`);
  const signed = new URL(leavingPath(to, youtube.sign), "https://shop.test");
  expect(signed.pathname).toBe("/leaving");
  expect(signed.searchParams.get("to")).toBe(to);
  expect(signed.searchParams.get("sig")).toBe(youtube.sign(to));
  expect(youtube.leavingTarget(signed.searchParams.get("to"), signed.searchParams.get("sig"))).toMatchObject({ ok: true });
  // A signature the server made already (a page block's) is written as it is.
  expect(leavingPath(to, "abc")).toBe(`/leaving?to=${encodeURIComponent(to)}&sig=abc`);
});
