/** The common marks of the shop's Markdown: what each button puts around the selection (or at the line's start). */
const MARKS = [
  { label: "Bold", before: "**", after: "**", sample: "bold text" },
  { label: "Italic", before: "*", after: "*", sample: "italic text" },
  { label: "Heading", before: "## ", after: "", sample: "Heading", line: true },
  { label: "List", before: "- ", after: "", sample: "item", line: true },
  { label: "Quote", before: "> ", after: "", sample: "quote", line: true },
  { label: "Link", before: "[", after: "](https://)", sample: "link text" },
] as const;

/**
 * Buttons over a Markdown text area (ADR 75): each wraps the selection in a mark, so an editor
 * need not remember the syntax. Shown only with JavaScript; without it the area is typed as it is.
 */
export function MarkdownToolbar({ name, label, changed }: { name: string; label: string; changed: (text: string) => void }) {
  const apply = (button: HTMLButtonElement, mark: (typeof MARKS)[number]) => {
    const area = button.form?.elements.namedItem(name);
    if (!(area instanceof HTMLTextAreaElement)) return;
    const { selectionStart: start, selectionEnd: end, value } = area;
    const chosen = value.slice(start, end) || mark.sample;
    const lineStart = "line" in mark && start > 0 && value[start - 1] !== "\n" ? "\n" : "";
    const text = `${lineStart}${mark.before}${chosen}${mark.after}`;
    area.focus();
    area.setRangeText(text, start, end, "end");
    area.setSelectionRange(
      start + lineStart.length + mark.before.length,
      start + lineStart.length + mark.before.length + chosen.length,
    );
    changed(area.value);
  };
  return (
    <div role="toolbar" aria-label={`${label}: marks`} className="-mb-2 flex flex-wrap gap-1">
      {MARKS.map((mark) => (
        <button
          key={mark.label}
          type="button"
          className="rounded border border-grey-300 bg-white px-2 py-1 text-xs font-medium hover:bg-grey-100"
          onClick={(event) => apply(event.currentTarget, mark)}
        >
          {mark.label}
        </button>
      ))}
    </div>
  );
}
