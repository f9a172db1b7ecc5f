/** What a product page shows of one of the owner's information blocks. */
export interface InformationSection {
  id: number;
  kind: string;
  title: string;
  paragraphs: string[];
}

/**
 * The owner's information (size guide, care, delivery...) as disclosure sections: closed until
 * opened, and working without JavaScript. The text is plain and rendered as text, never as HTML.
 */
export function InformationBlocks({ sections }: { sections: InformationSection[] }) {
  if (sections.length === 0) return null;
  return (
    <div className="accordion">
      {sections.map((section) => (
        <details key={section.id} data-kind={section.kind}>
          {/* A 48 px row with a chevron that turns when open (pages.css). */}
          <summary>{section.title}</summary>
          <div className="accordion-body">
            {section.paragraphs.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
