import { useCompareList } from "./compare-form";
import { Link } from "./ui/link";

/** The header's way to the comparison, shown while the visitor has products on the list. */
export function CompareLink() {
  const count = useCompareList().length;
  if (count === 0) return null;
  return (
    <Link to="/compare-products" className="compare-link" aria-label={`Compare products (${count})`}>
      Compare <span className="compare-link-count">{count}</span>
    </Link>
  );
}
