export { ListLayout } from './ListLayout.tsx';
export { PagedList } from './PagedList.tsx';
export { effectiveSearch, SearchField } from './SearchField.tsx';
export { type Page, usePagedList } from './use-paged-list.ts';
export { type Paging, VirtualList } from './VirtualList.tsx';
