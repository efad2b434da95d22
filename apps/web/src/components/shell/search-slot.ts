import { type ComponentType, createContext } from 'react';

/** What the header's search field is given by the button that opens it. */
export interface SearchFieldProps {
  query: string;
  onQueryChange(query: string): void;
  onClose(): void;
}

/** Loads the search field's chunk (and its texts): called when the search is first pointed at or opened. */
export type LoadSearchField = () => Promise<{ default: ComponentType<SearchFieldProps> }>;

/**
 * The header's place for the search field (001 §2.13). The field with its lookups is the search
 * feature's, which the shell may not import; app/ puts its loader here, so it stays out of the first
 * download and loads when the search is first opened. Without a loader the header has no search.
 */
export const SearchFieldSlot = createContext<LoadSearchField | null>(null);
