import { useQuery } from "@apollo/client/react";
import { searchTerms } from "@clube-coroa/schema";
import { useEffect, useState } from "react";
import { SearchConversationsDocument } from "./documents";

/** How long her typing must pause before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Her conversations holding the words she typed, asked of the server once she pauses (issue 28): null
 * while there are fewer than two letters, while the answer for what she typed is not there yet, or
 * when it failed (the list then filters what it already holds).
 */
export function useConversationSearch(query: string) {
  const [asked, setAsked] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  const terms = searchTerms(asked);
  const { data, error } = useQuery(SearchConversationsDocument, {
    variables: { q: asked.trim() },
    skip: terms === null,
    fetchPolicy: "network-only",
  });
  const current = terms !== null && asked === query && !error ? (data?.conversations ?? null) : null;
  const typed = searchTerms(query);
  return { results: current, terms: typed, pending: typed !== null && current === null && !error };
}
