import { Link } from "../ui/link";
import { BrandMark } from "./brand-mark";

/**
 * The shop's logo: the mark and the word mark (the site's name, SITE_NAME, in the display face),
 * linked to the home page. Its name for assistive technology is the site's name alone.
 */
export function Logo({ siteName, className = "" }: { siteName: string; className?: string }) {
  return (
    <Link to="/" className={`brand-logo ${className}`}>
      <BrandMark className="brand-logo-mark" />
      <span className="brand-wordmark">{siteName}</span>
    </Link>
  );
}
