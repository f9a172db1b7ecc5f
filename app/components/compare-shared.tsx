import { CompareForm } from "~/components/compare-form";
import { Link } from "~/components/ui/link";

/** Above a shared comparison: whether it is the visitor's own list, and the offer to keep it as theirs. */
export function SharedComparison({
  isOwnList,
  ownCount,
  productIds,
  listPath,
}: {
  isOwnList: boolean;
  ownCount: number;
  productIds: string;
  /** The visitor's own comparison page. */
  listPath: string;
}) {
  return (
    <div className="compare-shared">
      {isOwnList ? (
        <p>
          These are the products on your compare list. <Link to={listPath}>Change your list</Link>.
        </p>
      ) : (
        <>
          <p>
            Someone shared these products with you.{" "}
            {ownCount > 0 && (
              <>
                Your own list has {ownCount === 1 ? "1 product" : `${ownCount} products`}:{" "}
                <Link to={listPath}>see your comparison</Link>.
              </>
            )}
          </p>
          <CompareForm fields={{ intent: "keep", products: productIds }} returnTo={listPath}>
            <button type="submit" className="compare-button" data-primary="">
              {ownCount > 0 ? "Make these my compare list" : "Keep this comparison"}
            </button>
          </CompareForm>
        </>
      )}
    </div>
  );
}
