import { isShopPath, type SiteView, type ViewLink } from "../../server/modules/site/shared.ts";
import { ExternalLink } from "./external-link";
import { NewsletterSignup } from "./newsletter/signup-form";
import { Link } from "./ui/link";

/** A link of the site's data: a path of the shop, or another site through the external-site notice (SPEC §2). */
function SiteDataLink({ link, className }: { link: ViewLink; className: string }) {
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

const LINK = "text-grey-700 hover:text-mint-700";

/** The footer: the trust bar, who the shop is and how to reach it, the newsletter, the editor's columns and the social links (ADR 76). */
export function SiteFooter({ siteName, tagline, site }: { siteName: string; tagline: string; site: SiteView }) {
  const { trust, contact, footer, social } = site;
  const hasContact = contact.email !== null || contact.phone !== null || contact.address.length > 0 || contact.hours !== null;
  return (
    <footer className="mt-16 border-t border-grey-200 bg-grey-50">
      {trust.items.length > 0 && (
        <ul
          aria-label="Why shop with us"
          className="container-page flex flex-col gap-2 border-b border-grey-200 py-4 text-sm font-medium text-grey-800 sm:flex-row sm:flex-wrap sm:gap-x-8"
        >
          {trust.items.map((item) => (
            <li key={item.text} className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block size-2 rounded-full bg-mint-500" />
              {item.href === null ? (
                item.text
              ) : (
                <SiteDataLink link={{ label: item.text, href: item.href, sig: item.sig }} className="hover:text-mint-700" />
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="container-page flex flex-col gap-6 py-10 md:flex-row md:items-start md:justify-between">
        <div>
          <p className="font-semibold">{siteName}</p>
          <p className="text-sm text-grey-600">{tagline}</p>
          {hasContact && (
            <address className="mt-3 flex flex-col gap-1 text-sm text-grey-700 not-italic" data-testid="shop-contact">
              {contact.email && (
                <a href={`mailto:${contact.email}`} className={LINK}>
                  {contact.email}
                </a>
              )}
              {contact.phone && (
                <a href={`tel:${contact.phone.replace(/[^+0-9]/g, "")}`} className={LINK}>
                  {contact.phone}
                </a>
              )}
              {contact.address.length > 0 && <span>{contact.address.join(", ")}</span>}
              {contact.hours && <span>{contact.hours}</span>}
            </address>
          )}
        </div>
        <NewsletterSignup source="footer" />
        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-2 text-xs font-semibold tracking-wide text-grey-600 uppercase">{column.title}</h2>
            <ul className="flex flex-col gap-2 text-sm">
              {column.links.map((link) => (
                <li key={`${link.label} ${link.href}`}>
                  <SiteDataLink link={link} className={LINK} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {social.links.length > 0 && (
          // Out of the shop: through the external-site notice (SPEC §2).
          <nav aria-label="Social media">
            <ul className="flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
              {social.links.map((link) => (
                <li key={link.href}>
                  <ExternalLink href={link.href} sig={link.sig} className={LINK}>
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <p className="container-page pb-8 font-mono text-xs text-grey-500">
        © {new Date().getUTCFullYear()} {siteName}
      </p>
    </footer>
  );
}
