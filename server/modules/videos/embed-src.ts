import type { VideoProvider } from "./provider.ts";

/*
 * The provider's oEmbed answer carries ready-made HTML. The shop never puts that HTML on a page:
 * it takes the iframe's src, keeps it only when it is the provider's player, and renders an iframe
 * of its own around it (app/components/video/video-facade.tsx).
 */

const IFRAME_SRC = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;

const NAMED_ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };

/** Undoes the character references an attribute value may hold (`&amp;` between query parameters). */
function decodeAttribute(value: string): string {
  return value.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi,
    (whole, decimal?: string, hex?: string, name?: string) => {
      if (name) return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
      const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

/** The src of the first iframe in `html`, or null when there is none. */
export function iframeSrc(html: string): string | null {
  const match = IFRAME_SRC.exec(html);
  if (!match) return null;
  return decodeAttribute(match[1] ?? match[2] ?? match[3] ?? "");
}

/** The provider's player address from an oEmbed `html`, or null when it has none or another one. */
export function playerUrlFrom(html: string, provider: VideoProvider): string | null {
  const src = iframeSrc(html);
  return src ? provider.playerUrl(src) : null;
}
