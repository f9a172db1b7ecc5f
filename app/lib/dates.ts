const DATE = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A day as the shop writes it ("3 Mar 2025"), the same on the server and in the browser (UTC). */
export function calendarDate(iso: string): string {
  return DATE.format(new Date(iso));
}
