import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";
import { TextAreaField } from "./fields";
import { MarkdownToolbar } from "./markdown-toolbar";

/** How long typing rests before the preview is asked for. */
export const PREVIEW_DELAY_MS = 400;

/** What the page's action answers to intent "preview": the description as the shop shows it (sanitised HTML). */
interface PreviewAnswer {
  preview?: string | null;
}

/**
 * The description with its preview, rendered by the shop's own Markdown renderer and sanitiser on
 * the server (ADR 63, ADR 74). Without JavaScript the Preview button posts the form, which comes
 * back with the preview below. With it, the preview follows the typing: a fetcher posts the text
 * to the same action (intent "preview") once typing rests for PREVIEW_DELAY_MS, without reloading
 * the page's data, and the button asks at once. Only the newest answer is shown (a fetcher keeps
 * the last submission's).
 */
export function DescriptionField({
  value,
  error,
  preview,
  name = "product.description",
  label = "Description",
  rows = 8,
  toolbar = false,
  onText,
}: {
  value: string;
  error?: string;
  /** The preview the page came back with (the no-JavaScript post); null: none asked for. */
  preview: string | null;
  /** The field's name (the action reads the text to preview under it) and label: a product's description by default. */
  name?: string;
  label?: string;
  rows?: number;
  /** Buttons for the common marks (with JavaScript; without it the field is a plain text area). */
  toolbar?: boolean;
  /** Told of every change of the text (a news post's autosave). */
  onText?: () => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<PreviewAnswer>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [asked, setAsked] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const ask = (text: string) => {
    clearTimeout(timer.current);
    setAsked(true);
    // The preview changes nothing: the page's data need not be read again.
    void fetcher.submit({ intent: "preview", [name]: text }, { method: "post", defaultShouldRevalidate: false });
  };
  const later = (text: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => ask(text), PREVIEW_DELAY_MS);
    onText?.();
  };
  const typed = (event: FormEvent<HTMLTextAreaElement>) => later(event.currentTarget.value);
  const now = (event: MouseEvent<HTMLButtonElement>) => {
    const area = event.currentTarget.form?.elements.namedItem(name);
    if (!hydrated || !(area instanceof HTMLTextAreaElement)) return;
    event.preventDefault();
    ask(area.value);
  };

  const shown = asked ? (fetcher.data?.preview ?? preview) : preview;
  return (
    <>
      {toolbar && hydrated && <MarkdownToolbar name={name} label={label} changed={later} />}
      <TextAreaField
        label={label}
        name={name}
        defaultValue={value}
        error={error}
        rows={rows}
        onInput={typed}
        hint={
          hydrated
            ? "Markdown: **bold**, *italic*, lists with -, links as [text](https://...). The preview follows as you type."
            : "Markdown: **bold**, *italic*, lists with -, links as [text](https://...)."
        }
      />
      <button type="submit" name="intent" value="preview" className="button-secondary self-start" formNoValidate onClick={now}>
        Preview the {label.toLowerCase()}
      </button>
      {shown !== null && (
        <section
          aria-label={`Preview of the ${label.toLowerCase()}`}
          aria-busy={fetcher.state !== "idle" || undefined}
          className="rounded-md border border-grey-200 bg-grey-50 p-3"
        >
          <h3 className="mb-2 text-sm font-semibold">Preview (as the shop shows it)</h3>
          {shown ? (
            <div className="prose prose-sm max-w-none" dangerouslySetInnerHTML={{ __html: shown }} />
          ) : (
            <p className="text-sm text-grey-600">The {label.toLowerCase()} is empty.</p>
          )}
        </section>
      )}
    </>
  );
}
