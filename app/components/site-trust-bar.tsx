import type { SiteView } from "../../server/modules/site/shared.ts";
import { SiteDataLink } from "./site-data-link";
import { Icon, type IconName } from "./ui/icons";

/**
 * The icon of a reassurance, from its words: the owner writes the trust bar's items as text
 * (ADR 76), so a new wording keeps its icon without a field of its own; anything else gets a tick.
 */
function trustIcon(text: string): IconName {
  const words = text.toLowerCase();
  if (/deliver|shipping|dispatch/.test(words)) return "delivery";
  if (/return|exchange|refund/.test(words)) return "returns";
  if (/pay|secure|safe|checkout/.test(words)) return "lock";
  if (/member|club|price/.test(words)) return "members";
  return "check";
}

/**
 * The trust bar under the header (ADR 79): the site data's reassurances, each with its drawn icon
 * and, when the owner linked it, the page that explains it. Two columns on a phone, one line
 * across the page from md.
 */
export function SiteTrustBar({ trust, className = "" }: { trust: SiteView["trust"]; className?: string }) {
  if (trust.items.length === 0) return null;
  return (
    <section aria-label="Why shop with us" className={`trust-bar ${className}`}>
      <ul className="container-page">
        {trust.items.map((item) => (
          <li key={item.text}>
            <Icon name={trustIcon(item.text)} className="size-4 shrink-0 text-mint-700" />
            {item.href === null ? (
              <span>{item.text}</span>
            ) : (
              <SiteDataLink link={{ label: item.text, href: item.href, sig: item.sig }} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
