import { useSubmit } from "react-router";
import type { ResultSort } from "../../../server/modules/catalog/shared.ts";
import { useHydrated } from "~/lib/use-hydrated";

const SORT_LABELS: Record<ResultSort, string> = {
  relevance: "Best match",
  featured: "Featured",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name",
};

/**
 * The listing's sort, a field of its filters form (`formId`): with JavaScript a change applies at
 * once, keeping the scroll position; without it a Sort button submits the form.
 */
export function SortSelect({ formId, sort, sorts }: { formId: string; sort: string; sorts: readonly ResultSort[] }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <label className="flex items-center gap-2 text-sm">
      Sort by
      <select
        name="sort"
        form={formId}
        defaultValue={sort}
        className="rounded-md border border-grey-300 px-2 py-1"
        onChange={(e) => e.currentTarget.form && void submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" form={formId} className="rounded-md border border-grey-300 px-2 py-1">
          Sort
        </button>
      )}
    </label>
  );
}
