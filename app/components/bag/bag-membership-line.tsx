import type { BagMembership } from "../../../server/modules/cart/shared.ts";
import { Link } from "~/components/ui/link";
import { formatMoney } from "~/lib/money";
import { BagForm } from "./bag-form";

/** The bag's membership plan (ADR 42): one of it, not delivered, bought at checkout, removable. */
export function BagMembershipLine({ membership, currency }: { membership: BagMembership; currency: string }) {
  const name = `${membership.name} membership`;
  return (
    <li className="bag-line" data-testid="bag-membership">
      <div className="bag-line-media" aria-hidden="true" />
      <div className="bag-line-body">
        <p className="product-card-brand">Membership</p>
        <h2 className="bag-line-name">
          <Link to="/membership">
            {name}
            {membership.months !== null && `, ${membership.months} ${membership.months === 1 ? "month" : "months"}`}
          </Link>
        </h2>
        <div className="bag-line-price">{formatMoney(membership.price, currency)}</div>
        {membership.available ? (
          <p className="text-sm text-grey-600">Starts as soon as it is paid.</p>
        ) : (
          <p className="form-error text-sm">No longer offered: remove it from your bag.</p>
        )}
        <div className="bag-line-actions">
          <BagForm>
            {(busy) => (
              <>
                <input type="hidden" name="intent" value="remove-membership" />
                <button type="submit" className="bag-remove" aria-disabled={busy}>
                  Remove<span className="sr-only"> {name}</span>
                </button>
              </>
            )}
          </BagForm>
        </div>
      </div>
    </li>
  );
}
