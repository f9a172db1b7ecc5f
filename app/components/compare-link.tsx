import { useCompareList } from "./compare-form";
import { Link } from "./ui/link";

/** The header's way to the comparison, shown while the visitor has products on the list. */
export function CompareLink() {
  const count = useCompareList().length;
  if (count === 0) return null;
  return (
    // The name comes from the content ("Compare products (2)"), not an aria-label, so it starts
    // with the word on screen: speech users say what they see ("click Compare").
    <Link to="/compare-products" className="compare-link">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 sm:hidden"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path d="M8 4v16M16 4v16M4 8h8M12 16h8" />
      </svg>
      <span className="compare-link-word">Compare</span>
      <span className="sr-only"> products ({count})</span>
      <span className="compare-link-count" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}
