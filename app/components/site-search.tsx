import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { MAX_SEARCH_LENGTH } from "../../server/modules/catalog/shared.ts";
import { searchHref } from "~/lib/search-href";
import type { Suggestions } from "~/lib/suggestions";
import { useHydrated } from "~/lib/use-hydrated";
import type { SuggestionAnswer } from "./site-search-list";
import { Icon } from "./ui/icons";

// Asking for suggestions and showing them is loaded on the first keystroke (site-search-list.tsx).
const loadSuggestionPart = () => import("./site-search-list");
const SuggestionOptions = lazy(() => loadSuggestionPart().then((part) => ({ default: part.SuggestionOptions })));

const INPUT_ID = "site-search";
const LIST_ID = "site-search-suggestions";
const optionId = (i: number) => `${LIST_ID}-${i}`;

/**
 * The header's search box. A GET form to /search, so it works without JavaScript. With it, the
 * field is an ARIA combobox that suggests products as the shopper types (debounced, from two
 * characters, over GraphQL; the code for it is loaded on the first keystroke): arrow keys move through them, Enter opens the
 * highlighted one (or searches), Escape or a click elsewhere closes them. On the results page
 * the field keeps the search.
 */
export function SiteSearch() {
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const query = pathname === "/search" ? (new URLSearchParams(search).get("q") ?? "") : "";
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const suggestions = useRef<Suggestions | null>(null);
  // The field's latest text, and whether the suggestions' code is on its way.
  const latest = useRef("");
  const loading = useRef(false);
  const [answer, setAnswer] = useState<SuggestionAnswer | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && answer !== null;
  // The products, then "See all results".
  const optionCount = answer ? answer.items.length + 1 : 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  // A navigation (a suggestion opened, a search made, Back) closes the list, during render so
  // that the new page never shows it (React's pattern for state that follows other data)...
  const [page, setPage] = useState(key);
  if (page !== key) {
    setPage(key);
    close();
  }
  // ...drops what was still coming for it, and puts the page's search in the field, unless the
  // shopper is typing in it.
  useEffect(() => {
    cancelSuggestions();
    if (field.current && document.activeElement !== field.current) field.current.value = query;
  }, [key, query]);

  useEffect(() => {
    if (!shown) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !form.current?.contains(event.target)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [shown]);

  useEffect(() => () => cancelSuggestions(), []);

  function cancelSuggestions() {
    // Code still loading then starts with nothing to ask.
    latest.current = "";
    suggestions.current?.cancel();
  }

  const typed = (text: string) => {
    latest.current = text;
    if (suggestions.current) return suggestions.current.input(text);
    if (loading.current) return;
    loading.current = true;
    loadSuggestionPart()
      .then(({ startSuggestions }) => {
        suggestions.current ??= startSuggestions({
          onResult: (forText, items) => {
            setAnswer(forText ? { text: forText, items } : null);
            setOpen(forText !== "");
            setActive(-1);
          },
          // Suggestions are a help: when they fail, the box still offers the full search.
          onError: (forText) => {
            setAnswer({ text: forText, items: [] });
            setOpen(true);
            setActive(-1);
          },
        });
        suggestions.current.input(latest.current);
      })
      // Code that could not load (offline, a new deploy): the box still searches, and the next
      // keystroke tries again.
      .catch(() => undefined)
      .finally(() => {
        loading.current = false;
      });
  };

  const optionElement = (i: number) => list.current?.querySelector<HTMLAnchorElement>(`#${optionId(i)}`);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (optionCount === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the field, down goes to the first option and up to the last; both wrap around.
      const next = !shown ? (step === 1 ? 0 : optionCount - 1) : (active + step + optionCount + 1) % (optionCount + 1);
      setOpen(true);
      setActive(next === optionCount ? -1 : next);
      optionElement(next)?.scrollIntoView({ block: "nearest" });
    } else if (event.key === "Escape") {
      if (shown) {
        event.preventDefault();
        close();
      } else if (event.currentTarget.value !== "") {
        event.preventDefault();
        event.currentTarget.value = "";
        typed("");
      }
    } else if (event.key === "Tab") {
      close();
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Nothing still coming may reopen the list while the page changes.
    cancelSuggestions();
    const highlighted = shown && active >= 0 ? optionElement(active) : null;
    // A click on the option is a plain link click: the shop's client-side navigation takes it.
    if (highlighted) highlighted.click();
    else void navigate(searchHref(field.current?.value ?? ""), { viewTransition: true });
    close();
  };

  return (
    <form
      ref={form}
      method="get"
      action="/search"
      role="search"
      className="site-search"
      // React Router learns the results page's route once the page has loaded (ADR 44).
      data-discover=""
      onSubmit={onSubmit}
    >
      <label htmlFor={INPUT_ID} className="sr-only">
        Search products
      </label>
      <input
        ref={field}
        id={INPUT_ID}
        type="search"
        name="q"
        defaultValue={query}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search the shop"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        // Only with JavaScript is the field a combobox: without it there is no list to control.
        {...(hydrated && {
          role: "combobox",
          "aria-autocomplete": "list" as const,
          "aria-expanded": shown,
          "aria-controls": LIST_ID,
          "aria-activedescendant": shown && active >= 0 ? optionId(active) : undefined,
        })}
        onInput={(event) => typed(event.currentTarget.value)}
        onFocus={(event) => {
          // Back in the field with its suggestions still current: show them again.
          if (answer && answer.text === event.currentTarget.value.trim()) setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="site-search-submit" aria-label="Search">
        <Icon name="search" className="size-5" />
      </button>
      {hydrated && (
        <div ref={list} id={LIST_ID} role="listbox" aria-label="Suggestions" className="site-search-list" hidden={!shown}>
          {shown && (
            <Suspense fallback={null}>
              <SuggestionOptions answer={answer} active={active} optionId={optionId} onHover={setActive} />
            </Suspense>
          )}
        </div>
      )}
      {hydrated && (
        <p className="sr-only" role="status" aria-live="polite">
          {shown && (answer.items.length === 1 ? "1 product suggested" : `${answer.items.length} products suggested`)}
        </p>
      )}
    </form>
  );
}
