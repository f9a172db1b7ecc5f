import { useSubmit } from "react-router";
import { toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";

/** "Show differences only": a GET form, so it works without JavaScript and the address can be shared. */
export function DifferencesOnly({ action, on, products }: { action: string; on: boolean; products: string | null }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <form method="get" action={action} className="compare-diff">
      {products !== null && <input type="hidden" name="products" value={products} />}
      <label>
        <input
          key={String(on)}
          type="checkbox"
          name="diff"
          value="1"
          defaultChecked={on}
          onChange={(e) => e.currentTarget.form && void submit(e.currentTarget.form, { preventScrollReset: true, replace: true })}
        />
        Show differences only
      </label>
      {!hydrated && (
        <button type="submit" className="compare-button">
          Apply
        </button>
      )}
    </form>
  );
}

/** The comparison's address to share: selectable text always, a copy button with JavaScript. */
export function ShareLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast("Link copied.", "success");
    } catch {
      toast("Copying is not allowed here: select the link and copy it yourself.", "error");
    }
  };
  return (
    <div className="compare-share">
      <label htmlFor="compare-share-url">Share this comparison</label>
      <div>
        <input id="compare-share-url" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        {hydrated && (
          <button type="button" className="compare-button" onClick={() => void copy()}>
            Copy link
          </button>
        )}
      </div>
    </div>
  );
}
