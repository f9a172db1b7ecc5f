import { renderMarkdown } from "./markdown.ts";

// Rendered texts kept in memory: a text is rendered once per edit, not once per view.
const KEPT = 1000;

/**
 * Markdown rendered once per version: `version` names the text's edit (an entry and its
 * updated time, to the millisecond), so an edit renders again and the old version ages out.
 */
export function createRenderedMarkdown(render: (markdown: string) => string = renderMarkdown) {
  const rendered = new Map<string, string>();
  return (version: string, markdown: string): string => {
    let html = rendered.get(version);
    if (html === undefined) {
      html = render(markdown);
      if (rendered.size >= KEPT) rendered.delete(rendered.keys().next().value as string);
      rendered.set(version, html);
    }
    return html;
  };
}
