import { formatMoney } from "~/lib/money";
import { searchHref } from "~/lib/search-href";
import { loadSuggestions, suggestionHref, type Suggestion } from "~/lib/search-suggestions";
import { createSuggestions, type Suggestions, type SuggestionsOptions } from "~/lib/suggestions";

/*
 * What the header's search box needs only once the shopper types in it: asking for suggestions
 * and showing them. The box (components/site-search.tsx) imports this module on the first
 * keystroke, so a first visit loads none of it.
 */

/** Suggestions for the box's text, asked of the shop over GraphQL. */
export function startSuggestions(options: Omit<SuggestionsOptions<Suggestion>, "load">): Suggestions {
  return createSuggestions({ ...options, load: loadSuggestions });
}

/** What the box shows for one text: its suggested products, then a link to every result. */
export interface SuggestionAnswer {
  text: string;
  items: Suggestion[];
}

/** The options of the box's listbox: one per product, then "See all results". */
export function SuggestionOptions({
  answer,
  active,
  optionId,
  onHover,
}: {
  answer: SuggestionAnswer;
  /** The highlighted option (-1: none). */
  active: number;
  optionId: (i: number) => string;
  onHover: (i: number) => void;
}) {
  return (
    <>
      {answer.items.map((item, i) => (
        <a
          key={item.id}
          id={optionId(i)}
          href={suggestionHref(item)}
          data-discover=""
          role="option"
          aria-selected={active === i}
          tabIndex={-1}
          className="site-search-option"
          onMouseEnter={() => onHover(i)}
        >
          {item.image ? (
            <img src={item.image.src} srcSet={`${item.image.src2x} 2x`} alt="" width={48} height={48} />
          ) : (
            <span className="site-search-no-image" />
          )}
          <span className="min-w-0 flex-1">
            <span className="line-clamp-2 font-medium">{item.name}</span>
            <span className="block truncate text-xs text-grey-600">{item.brand.name}</span>
          </span>
          <SuggestionPrice item={item} />
        </a>
      ))}
      <a
        id={optionId(answer.items.length)}
        href={searchHref(answer.text)}
        data-discover=""
        role="option"
        aria-selected={active === answer.items.length}
        tabIndex={-1}
        className="site-search-option site-search-all"
        onMouseEnter={() => onHover(answer.items.length)}
      >
        {answer.items.length === 0 ? `No suggestions: search for “${answer.text}”` : `See all results for “${answer.text}”`}
      </a>
    </>
  );
}

function SuggestionPrice({ item }: { item: Suggestion }) {
  const { price, compareAtPrice } = item;
  const onSale = compareAtPrice !== null && compareAtPrice.amount > price.amount;
  return (
    <span className="text-right text-sm font-semibold whitespace-nowrap">
      <span className={onSale ? "price-sale" : undefined}>{formatMoney(price.amount, price.currency)}</span>
      {onSale && (
        <>
          <span className="sr-only">, was </span>
          <s className="block text-xs font-normal text-grey-500">{formatMoney(compareAtPrice.amount, price.currency)}</s>
        </>
      )}
    </span>
  );
}
