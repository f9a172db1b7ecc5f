/*
 * Wall-clock times in the shop's time zone (SHOP_TIME_ZONE, an IANA name such as Europe/Amsterdam;
 * ADR 75). An editor types "2026-03-29T09:00" meaning nine in the morning where the shop is; the
 * database keeps the instant. Pure, no imports: pages show the field's value with it (shared.ts).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(zone: string, at: number): Record<string, number> {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(at))) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}

/** How far the zone's clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(zone: string, at: number): number {
  const p = partsIn(zone, at);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** Whether the name is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant a wall-clock time ("YYYY-MM-DDTHH:mm" or with seconds) names in the zone. A time the
 * clocks skip (the spring change's missing hour) is read with the offset before the change, so it
 * lands just after it; a time that happens twice (the autumn hour) is its first occurrence.
 */
export function zonedToInstant(wall: string, zone: string): Date {
  const [date, time = "00:00"] = wall.split("T");
  const [y, m, d] = date!.split("-").map(Number);
  const [hh, mm, ss = 0] = time.split(":").map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, hh!, mm!, Math.floor(ss));
  // The offsets a day either side: the one in force is one of them (zones change at most once a day).
  const offsets = [offsetAt(zone, asUtc - 86_400_000), offsetAt(zone, asUtc + 86_400_000)];
  const exact = offsets.map((offset) => asUtc - offset).filter((at) => at + offsetAt(zone, at) === asUtc);
  return new Date(exact.length > 0 ? Math.min(...exact) : asUtc - offsets[0]!);
}

/** The wall-clock time of an instant in the zone, as a date-time field shows it: "YYYY-MM-DDTHH:mm:ss". */
export function instantToZoned(at: Date | string, zone: string): string {
  const p = partsIn(zone, new Date(at).getTime());
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month!)}-${two(p.day!)}T${two(p.hour!)}:${two(p.minute!)}:${two(p.second!)}`;
}
