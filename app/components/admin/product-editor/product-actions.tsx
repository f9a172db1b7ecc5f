import { Form } from "react-router";
import type { ProductStatus } from "../../../../server/modules/product-editor/shared.ts";

/**
 * What else the editor does with a product (ADR 63): duplicate it (a draft copy), archive it (off
 * the shop for good, never deleted: its orders keep their lines), or restore an archived one as a
 * draft.
 */
export function ProductActions({ status, version, busy }: { status: ProductStatus; version: string; busy: boolean }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <Form method="post">
        <input type="hidden" name="intent" value="duplicate" />
        <button type="submit" className="button-secondary" disabled={busy}>
          Duplicate as a draft
        </button>
      </Form>
      {status === "archived" ? (
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="version" value={version} />
          <p className="text-grey-600">Restored, it is a draft: publish it when it is ready.</p>
          <button type="submit" className="button-secondary self-start" disabled={busy}>
            Restore as a draft
          </button>
        </Form>
      ) : (
        <details className="confirm-delete">
          <summary className="button-secondary inline-block">Archive…</summary>
          <Form method="post" className="mt-2 flex flex-col gap-2">
            <input type="hidden" name="intent" value="archive" />
            <input type="hidden" name="version" value={version} />
            <p className="text-grey-600">
              It leaves the shop at once. Nothing is deleted: orders keep their lines, and it can be restored as a draft.
            </p>
            <button type="submit" className="button-danger self-start" disabled={busy}>
              Archive the product
            </button>
          </Form>
        </details>
      )}
    </div>
  );
}
