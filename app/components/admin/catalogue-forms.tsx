import { useId } from "react";
import { Form } from "react-router";
import type { FormFailure } from "~/lib/forms.server";

/*
 * The small forms the catalogue's pages share (ADR 69): each a plain POST that works without
 * JavaScript, carrying the record's version so a stale page is refused (409).
 */

/** A labelled multi-line field with its error. */
export function TextArea({
  label,
  name,
  defaultValue,
  error,
  hint,
  rows = 4,
}: {
  label: string;
  name: string;
  defaultValue?: string;
  error?: string | null;
  hint?: string;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined}
        className="w-full rounded-md border border-grey-500 px-3 py-2 text-base"
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Up and down buttons moving one record (or one value) a place, as a form each. */
export function MoveButtons({
  intent,
  id,
  version,
  label,
  first,
  last,
  busy,
  extra = {},
}: {
  intent: string;
  id: number;
  version: string;
  /** What moves, for screen readers ("Move Gloves up"). */
  label: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  extra?: Record<string, string>;
}) {
  const button = (direction: "up" | "down", disabled: boolean) => (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className="rounded border border-grey-300 px-2 py-1 text-sm disabled:opacity-40"
        disabled={busy || disabled}
        aria-label={`Move ${label} ${direction}`}
      >
        {direction === "up" ? "↑" : "↓"}
      </button>
    </Form>
  );
  return (
    <div className="flex gap-1">
      {button("up", first)}
      {button("down", last)}
    </div>
  );
}

/**
 * Merge into another record and delete: a record with products can only be merged (its products
 * move); an empty one can be deleted. Both behind a disclosure, as the shop's other removals.
 */
export function MergeAndDelete({
  what,
  version,
  products,
  targets,
  failure,
  busy,
}: {
  what: string;
  version: string;
  products: number;
  targets: { id: number; label: string }[];
  failure: FormFailure | null;
  busy: boolean;
}) {
  const id = useId();
  const intoError = failure?.values.intent === "merge" ? failure.fieldErrors.into : undefined;
  return (
    <div className="flex flex-col gap-4">
      {targets.length > 0 && (
        <Form method="post" className="flex flex-col gap-2 sm:max-w-md">
          <input type="hidden" name="intent" value="merge" />
          <input type="hidden" name="version" value={version} />
          <div className="field">
            <label htmlFor={`${id}-into`}>Merge into</label>
            <p id={`${id}-hint`} className="field-hint">
              Its {products} product{products === 1 ? "" : "s"} move there, its addresses lead there, then this {what} is deleted.
            </p>
            <select
              id={`${id}-into`}
              name="into"
              defaultValue=""
              aria-describedby={`${id}-hint`}
              aria-invalid={intoError ? true : undefined}
              className="w-full rounded-md border border-grey-500 px-3 py-2"
            >
              <option value="">Choose…</option>
              {targets.map((target) => (
                <option key={target.id} value={target.id}>
                  {target.label}
                </option>
              ))}
            </select>
            {intoError && <p className="field-error">{intoError}</p>}
          </div>
          <button type="submit" className="button-secondary self-start" disabled={busy}>
            Merge and delete this {what}
          </button>
        </Form>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="version" value={version} />
        <button type="submit" className="button-danger" disabled={busy}>
          Delete this {what}
        </button>
        {products > 0 && (
          <p className="mt-1 text-sm text-grey-600">
            It has {products} product{products === 1 ? "" : "s"}: merge it instead, or move them first.
          </p>
        )}
      </Form>
    </div>
  );
}

/** Upload a picture (or logo), or go back to none. */
export function ImageForm({
  label,
  field,
  version,
  current,
  preview,
  error,
  busy,
  none,
}: {
  label: string;
  field: "image" | "logo";
  version: string;
  current: string | null;
  preview: string | null;
  error?: string | null;
  busy: boolean;
  /** What the shop shows without one. */
  none: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      {preview ? (
        <img src={preview} alt="" width={120} height={120} className="size-28 rounded border border-grey-200 object-contain" />
      ) : (
        <p className="text-sm text-grey-600">{none}</p>
      )}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2 sm:max-w-md">
        <input type="hidden" name="intent" value={`set-${field}`} />
        <input type="hidden" name="version" value={version} />
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <p id={`${id}-hint`} className="field-hint">
            JPEG, PNG or WebP, up to 10 MB; the shop stores a copy without its metadata.
          </p>
          <input
            id={id}
            type="file"
            name={field}
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={`${id}-hint`}
            aria-invalid={error ? true : undefined}
          />
          {error && <p className="field-error">{error}</p>}
        </div>
        <button type="submit" className="button-secondary self-start" disabled={busy}>
          Upload
        </button>
      </Form>
      {current && (
        <Form method="post">
          <input type="hidden" name="intent" value={`remove-${field}`} />
          <input type="hidden" name="version" value={version} />
          <button type="submit" className="text-link text-sm" disabled={busy}>
            Remove it
          </button>
        </Form>
      )}
    </div>
  );
}
