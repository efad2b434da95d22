export { ListLayout } from './ListLayout.tsx';
export { ScrollList } from './ScrollList.tsx';
export { effectiveSearch, SearchField } from './SearchField.tsx';
export { type Page, usePagedList } from './usePagedList.ts';
