import { isShopPath, type ViewLink } from "../../server/modules/site/shared.ts";
import { ExternalLink } from "./external-link";
import { Link } from "./ui/link";

/** A link of the site's data: a path of the shop, or another site through the external-site notice (SPEC §2). */
export function SiteDataLink({ link, className }: { link: ViewLink; className?: string }) {
  return isShopPath(link.href) ? (
    <Link to={link.href} className={className}>
      {link.label}
    </Link>
  ) : (
    <ExternalLink href={link.href} sig={link.sig} className={className}>
      {link.label}
    </ExternalLink>
  );
}
