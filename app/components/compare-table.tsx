import type { CompareCell, Comparison } from "../../server/modules/compare/index.ts";
import { imageUrl } from "../../server/modules/media/shared.ts";
import { CompareForm } from "~/components/compare-form";
import { CompareToggle } from "~/components/compare-toggle";
import { MemberAwarePrice } from "~/components/price";
import { Link } from "~/components/ui/link";
import { mediaUrl } from "~/lib/media";
import { usePriceRule } from "~/lib/price-rule";

/**
 * The comparison side by side: a column per product (remove it from one's own list, or add a
 * shared one's to it), a row per fact, rows that differ marked. Scrolls sideways on a phone.
 */
export function CompareTable({
  view,
  comparison: { products, rows },
  differencesOnly,
  currency,
}: {
  view: "own" | "shared";
  comparison: Comparison;
  differencesOnly: boolean;
  currency: string;
}) {
  return (
    <div className="compare-scroll" role="region" aria-label="Comparison table" tabIndex={0}>
      <table className="compare-table">
        <caption className="sr-only">
          {products.map((p) => p.name).join(", ")} compared
          {differencesOnly ? ", differences only" : ""}
        </caption>
        <thead>
          <tr>
            <td />
            {products.map((product, i) => (
              <th key={product.id} scope="col" data-testid="compare-product">
                <Link to={product.path} tabIndex={-1} aria-hidden="true" className="compare-image">
                  {product.image && (
                    <img
                      src={imageUrl("product", 320, mediaUrl(product.image.path))}
                      alt=""
                      width={product.image.width}
                      height={product.image.height}
                      loading={i < 2 ? "eager" : "lazy"}
                      decoding="async"
                    />
                  )}
                </Link>
                <Link to={product.path} className="compare-name">
                  {product.name}
                </Link>
                {view === "own" ? (
                  <CompareForm fields={{ intent: "remove", productId: String(product.id) }}>
                    <button type="submit" className="compare-remove">
                      Remove<span className="sr-only"> {product.name}</span>
                    </button>
                  </CompareForm>
                ) : (
                  <CompareToggle productId={product.id} productName={product.name} />
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key} data-differs={row.differs && products.length > 1 ? "" : undefined}>
              <th scope="row">{row.label}</th>
              {row.cells.map((cell, i) => (
                <td key={products[i]!.id}>
                  <Cell cell={cell} currency={currency} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ cell, currency }: { cell: CompareCell; currency: string }) {
  const rule = usePriceRule();
  switch (cell.kind) {
    case "text":
      return cell.text ?? <NotGiven />;
    case "price":
      return (
        <div className="compare-price">
          {cell.from && <span>From</span>}
          <MemberAwarePrice option={cell} rule={rule} currency={currency} />
        </div>
      );
    case "sizes":
      return (
        <ul className="compare-sizes">
          {cell.sizes.map(({ size, inStock }) => (
            <li key={size} data-sold-out={inStock ? undefined : ""}>
              {inStock ? size : <s>{size}</s>}
              {!inStock && <span className="sr-only"> (sold out)</span>}
            </li>
          ))}
        </ul>
      );
    case "colours":
      return cell.colours.length === 0 ? (
        <NotGiven />
      ) : (
        <ul className="compare-colours">
          {cell.colours.map((colour) => (
            <li key={colour.name}>
              <span aria-hidden="true" style={{ backgroundColor: colour.hex }} />
              {colour.name}
            </li>
          ))}
        </ul>
      );
  }
}

function NotGiven() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not given</span>
    </>
  );
}
