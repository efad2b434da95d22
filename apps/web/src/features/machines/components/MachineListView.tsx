import { useTranslation } from 'react-i18next';
import { effectiveSearch, ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type MachineListFilter, useMachinePages } from '../api/machines.ts';
import { MachineRow, MachineRowsHeader } from './MachineRows.tsx';

/** Text search debounce (002 §9: 400 ms). */
export const TEXT_SEARCH_DEBOUNCE_MS = 400;

/**
 * A searchable list of machines (Machine/Filtered, inactive ones greyed), optionally narrowed to a
 * model, type or supplier. The search text is the caller's (the machine list keeps it in the address);
 * the machine search starts at three characters (001 §5).
 */
export function MachineListView(props: {
  filter?: Omit<MachineListFilter, 'SearchWord'>;
  search: string;
  onSearch(text: string): void;
}) {
  const { t } = useTranslation('machines');
  const word = useDebouncedValue(effectiveSearch(props.search), TEXT_SEARCH_DEBOUNCE_MS);
  const list = useMachinePages({ ...props.filter, ...(word ? { SearchWord: word } : {}) });
  return (
    <ListLayout
      tools={<SearchField label={t('list.search')} value={props.search} onChange={props.onSearch} />}
      count={list.data ? t('list.count', { count: list.total }) : null}
    >
      <PagedList
        list={list}
        label={t('list.label')}
        emptyText={word ? t('list.noMatches') : t('list.empty')}
        header={<MachineRowsHeader />}
        renderItem={(m) => <MachineRow key={m.Id} machine={m} />}
        testId="machine-list"
      />
    </ListLayout>
  );
}
