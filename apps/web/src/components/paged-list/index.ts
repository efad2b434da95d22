export { ListLayout } from './ListLayout.tsx';
export { type PagedListState, ScrollList } from './ScrollList.tsx';
export { effectiveSearch, MIN_SEARCH, SearchField } from './SearchField.tsx';
export { type Page, type PageFetcher, usePagedList } from './usePagedList.ts';
