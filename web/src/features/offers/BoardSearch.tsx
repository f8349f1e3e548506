import { useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { SEARCH_MAX_CHARS } from "./boardModel";
import { BOARD_TEXTS } from "./boardTexts";
import styled from "styled-components";
import { Button } from "../../components/Button";
import { Crown } from "../../components/Crown";
import { TextInput } from "../../components/Field";
import { StateCard, StateIcon } from "./BoardStates";

const T = BOARD_TEXTS.search;

// Its look lives here, in the board's chunk: the first load carries none of it.
const SearchBox = styled.form`
  position: relative;
`;

const SearchIcon = styled.svg`
  position: absolute;
  left: ${({ theme }) => theme.space.md};
  top: 50%;
  width: 20px;
  height: 20px;
  transform: translateY(-50%);
  color: ${({ theme }) => theme.colors.textMuted};
  pointer-events: none;
`;

const SearchField = styled(TextInput)`
  padding-left: 2.75rem;
  padding-right: 3rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  &::-webkit-search-cancel-button { display: none; }
`;

const ClearSearch = styled.button`
  position: absolute;
  right: 4px;
  top: 50%;
  transform: translateY(-50%);
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.brand}; }
`;

/** She stops typing this long before the board asks (a phone's typing comes in bursts). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The board's search box (issue 28). Its words live in the address (`?q=`), so a search can be shared
 * and survives a reload: they are read from it once the page the server drew is React's (that page has
 * no words; reading them sooner would make React's first render differ from it), and written to it,
 * replacing the entry, as she types. `onSearch` gets the words once she pauses, at once on Enter or clear.
 */
export function BoardSearch({ hydrated, onSearch }: { hydrated: boolean; onSearch: (words: string) => void }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What the box last wrote to the address: coming back from there, it must not undo her typing
  // (a space she just typed before her next word, say).
  const written = useRef<string | null>(null);
  const inAddress = params.get("q") ?? "";
  // The words in the address (a shared link, a reload, back and forward) are the box's.
  useEffect(() => {
    if (!hydrated) return;
    const words = inAddress.slice(0, SEARCH_MAX_CHARS);
    if (words !== written.current) setTyped(words);
    onSearch(words);
  }, [hydrated, inAddress, onSearch]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (words: string) => {
    clearTimeout(timer.current);
    written.current = words.trim();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (words.trim()) next.set("q", words.trim());
        else next.delete("q");
        return next;
      },
      { replace: true, state: { keepScroll: true } },
    );
  };

  return (
    <SearchBox
      role="search"
      aria-label={T.label}
      onSubmit={(event) => {
        event.preventDefault();
        apply(typed);
      }}
    >
      <VisuallyHidden as="label" htmlFor={id}>
        {T.label}
      </VisuallyHidden>
      <SearchIcon aria-hidden="true" viewBox="0 0 20 20">
        <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </SearchIcon>
      <SearchField
        id={id}
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        placeholder={T.placeholder}
        maxLength={SEARCH_MAX_CHARS}
        disabled={!hydrated}
        value={typed}
        onChange={(event) => {
          const words = event.target.value;
          setTyped(words);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => apply(words), SEARCH_DEBOUNCE_MS);
        }}
      />
      {typed && (
        <ClearSearch type="button" aria-label={T.clear} onClick={() => { setTyped(""); apply(""); }}>
          ×
        </ClearSearch>
      )}
    </SearchBox>
  );
}

/** A search found nothing (issue 28): what was searched, and the way back (clear the words, or the filters). */
export function SearchEmptyState({ q, onClear, onClearFilters }: { q: string; onClear: () => void; onClearFilters?: () => void }) {
  return (
    <StateCard role="status">
      <StateIcon>
        <Crown size={40} />
      </StateIcon>
      <h3>{T.emptyTitle}</h3>
      <p>{T.empty(q)}</p>
      <Button $variant="gold" onClick={onClear}>
        {T.clear}
      </Button>
      {onClearFilters && (
        <Button $variant="outline" onClick={onClearFilters}>
          {BOARD_TEXTS.filters.clear}
        </Button>
      )}
    </StateCard>
  );
}
