import type { SiteView } from "../../server/modules/site/shared.ts";
import { BrandMark } from "./brand/brand-mark";
import { PaymentMarks } from "./brand/payment-marks";
import { ExternalLink } from "./external-link";
import { NewsletterSignup } from "./newsletter/signup-form";
import { SiteDataLink } from "./site-data-link";

/**
 * The footer (ADR 79): the newsletter and the social links on a light band, then the shop's name
 * and contact details beside the owner's columns of links (help, company, membership, policies:
 * ADR 76), and the ways to pay with the copyright line. At checkout (`slim`) only the policies,
 * the ways to pay and the copyright: nothing there leads away from paying.
 */
export function SiteFooter({
  siteName,
  tagline,
  site,
  cards,
  slim = false,
}: {
  siteName: string;
  tagline: string;
  site: SiteView;
  /** Whether the shop takes cards (its payment marks). */
  cards: boolean;
  slim?: boolean;
}) {
  const { contact, footer, social } = site;
  const hasContact = contact.email !== null || contact.phone !== null || contact.address.length > 0 || contact.hours !== null;
  const columns = slim ? footer.columns.filter((column) => /polic|legal/i.test(column.title)) : footer.columns;
  return (
    <footer className="site-footer">
      {!slim && (
        <div className="footer-band">
          <div className="container-page footer-band-inner">
            <NewsletterSignup source="footer" />
            {social.links.length > 0 && (
              // Out of the shop: through the external-site notice (SPEC §2).
              <nav aria-label="Social media" className="footer-social">
                <h2 className="footer-heading text-grey-700">Follow us</h2>
                <ul>
                  {social.links.map((link) => (
                    <li key={link.href}>
                      <ExternalLink href={link.href} sig={link.sig}>
                        {link.label}
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        </div>
      )}
      <div className="footer-main">
        <div className="container-page footer-grid">
          {!slim && (
            <div className="footer-about">
              <p className="footer-brand">
                <BrandMark className="size-8 text-white" />
                {siteName}
              </p>
              <p className="text-sm text-grey-300">{tagline}</p>
              {hasContact && (
                <address className="footer-contact" data-testid="shop-contact">
                  <h2 className="footer-heading">Contact</h2>
                  {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
                  {contact.phone && <a href={`tel:${contact.phone.replace(/[^+0-9]/g, "")}`}>{contact.phone}</a>}
                  {contact.address.length > 0 && <span>{contact.address.join(", ")}</span>}
                  {contact.hours && <span>{contact.hours}</span>}
                </address>
              )}
            </div>
          )}
          {columns.map((column) => (
            <nav key={column.title} aria-label={column.title} className="footer-column">
              <h2 className="footer-heading">{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={`${link.label} ${link.href}`}>
                    <SiteDataLink link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="container-page footer-base">
          <PaymentMarks cards={cards} />
          <p className="text-xs text-grey-300">
            © {new Date().getUTCFullYear()} {siteName}
          </p>
        </div>
      </div>
    </footer>
  );
}
