import { SOCIAL_LINKS } from "../../server/modules/external-links/shared.ts";
import { ExternalLink } from "./external-link";
import { NewsletterSignup } from "./newsletter/signup-form";
import { Link } from "./ui/link";

const policies = [
  { to: "/privacy-policy", label: "Privacy policy" },
  { to: "/returns-policy", label: "Returns policy" },
  { to: "/terms-condition", label: "Terms and conditions" },
];

export function SiteFooter({ siteName, tagline }: { siteName: string; tagline: string }) {
  return (
    <footer className="mt-16 border-t border-grey-200 bg-grey-50">
      <div className="container-page flex flex-col gap-6 py-10 md:flex-row md:items-start md:justify-between">
        <div>
          <p className="font-semibold">{siteName}</p>
          <p className="text-sm text-grey-600">{tagline}</p>
        </div>
        <NewsletterSignup source="footer" />
        <nav aria-label="Policies">
          <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
            {policies.map((p) => (
              <li key={p.to}>
                <Link to={p.to} className="text-grey-700 hover:text-mint-700">
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* Out of the shop: through the external-site notice (SPEC §2). */}
        <nav aria-label="Social media">
          <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.url}>
                <ExternalLink href={link.url} className="text-grey-700 hover:text-mint-700">
                  {link.name}
                </ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="container-page pb-8 font-mono text-xs text-grey-500">
        © {new Date().getUTCFullYear()} {siteName}
      </p>
    </footer>
  );
}
