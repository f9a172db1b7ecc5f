import { Link } from "~/components/ui/link";
import { EDITORIAL_STATUS_WORDS, instantToZoned, type EditorialStatus } from "../../../../server/modules/editorial/shared.ts";

/** A moment as the shop's time zone reads it: "2026-12-01 09:00:00 Europe/Amsterdam". */
export const zonedMoment = (iso: string, timeZone: string) => `${instantToZoned(iso, timeZone).replace("T", " ")} ${timeZone}`;

/** An entry's status under its title: when a scheduled one appears, a link to a published one on the site. */
export function StatusLine({
  entry,
  timeZone,
}: {
  entry: { status: EditorialStatus; publishedAt: string | null; path: string };
  timeZone: string;
}) {
  return (
    <p className="text-sm text-grey-600" data-testid="entry-status">
      {EDITORIAL_STATUS_WORDS[entry.status]}
      {entry.status === "scheduled" && entry.publishedAt && ` for ${zonedMoment(entry.publishedAt, timeZone)}`}
      {entry.status === "published" && (
        <>
          {" · "}
          <Link to={entry.path} className="text-link">
            See it on the site
          </Link>
        </>
      )}
    </p>
  );
}
