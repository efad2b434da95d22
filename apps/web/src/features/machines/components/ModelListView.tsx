import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type ModelListFilter, useModelPages } from '../api/pim.ts';
import { TEXT_SEARCH_DEBOUNCE_MS } from './MachineListView.tsx';
import { RecordRow, RecordRowsHeader } from './RecordRow.tsx';

/** A searchable list of machine models (MachineModel/Filtered), optionally of one type or supplier. */
export function ModelListView(props: { filter?: Omit<ModelListFilter, 'SearchWord'> }) {
  const { t } = useTranslation('pim');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), TEXT_SEARCH_DEBOUNCE_MS);
  const list = useModelPages({ ...props.filter, ...(word ? { SearchWord: word } : {}) });
  return (
    <ListLayout
      tools={<SearchField label={t('models.search')} value={search} onChange={setSearch} />}
      count={list.data ? t('models.count', { count: list.total }) : null}
    >
      <PagedList
        list={list}
        label={t('models.label')}
        emptyText={word ? t('common.noMatches') : t('models.empty')}
        header={
          <RecordRowsHeader
            titles={[
              t('fields.name'),
              t('fields.machineType'),
              t('fields.supplier'),
              t('fields.machineCount'),
            ]}
          />
        }
        renderItem={(m) => (
          <RecordRow
            key={m.Id}
            to={pathFor('MachineModelInfo', { modelId: String(m.Id) })}
            testId={`model-row-${m.Id}`}
            name={m.Name}
            inactive={!m.IsActive}
            cells={[
              { label: t('fields.machineType'), value: m.MachineType?.Name },
              { label: t('fields.supplier'), value: m.Supplier?.Name },
              { label: t('fields.machineCount'), value: m.MachineCount },
            ]}
          />
        )}
      />
    </ListLayout>
  );
}
