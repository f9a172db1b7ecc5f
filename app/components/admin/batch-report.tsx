import type { ShippedBatch } from "../../../server/modules/back-office/index.ts";

/**
 * What a batch marked shipped did (ADR 62): the orders shipped, said politely, and those that were
 * not, each by number with the reason, as an alert.
 */
export function BatchReport({ batch }: { batch: ShippedBatch }) {
  return (
    <>
      <div role="status" aria-live="polite">
        {batch.shipped.length > 0 && (
          <p className="rounded-md bg-mint-50 px-3 py-2 text-sm text-mint-800" data-testid="batch-shipped">
            Marked shipped: {batch.shipped.join(", ")}. {batch.shipped.length === 1 ? "Its buyer has" : "Their buyers have"} been
            told.
          </p>
        )}
      </div>
      {batch.refused.length > 0 && (
        <div role="alert" className="form-error" data-testid="batch-refused">
          <p>Not shipped:</p>
          <ul className="list-disc pl-5">
            {batch.refused.map((one) => (
              <li key={one.number}>
                {one.number}: {one.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
