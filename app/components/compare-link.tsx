import { useCompareList } from "./compare-form";
import { Link } from "./ui/link";
import { Icon } from "./ui/icons";

/** The header's way to the comparison, shown while the visitor has products on the list. */
export function CompareLink() {
  const count = useCompareList().length;
  if (count === 0) return null;
  return (
    // The name comes from the content ("Compare products (2)"), not an aria-label, so it starts
    // with the word on screen: speech users say what they see ("click Compare").
    <Link to="/compare-products" className="compare-link">
      <Icon name="compare" className="size-5 sm:hidden" />
      <span className="compare-link-word">Compare</span>
      <span className="sr-only"> products ({count})</span>
      <span className="compare-link-count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
