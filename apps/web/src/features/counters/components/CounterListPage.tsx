import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { useCounterList } from '../api/counters.ts';

/** CounterList (/admin/counters, 001 §2.4): every machine's counters with the last reading, searched. */
export function CounterListPage() {
  const { t } = useTranslation('counters');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 300);
  const list = useCounterList(word);
  return (
    <ListLayout
      tools={<SearchField label={t('search')} value={search} onChange={setSearch} />}
      count={list.isPending ? null : t('count', { count: list.total })}
    >
      <PagedList
        list={list}
        label={t('label')}
        emptyText={t('empty')}
        renderItem={(c) => (
          <ListItemButton
            component={Link}
            to={pathFor('CounterInfo', { counterId: String(c.Id) })}
            data-testid={`counter-row-${c.Id}`}
            sx={c.IsActive ? undefined : INACTIVE_ROW}
          >
            <ListItemText
              primary={`${c.MachineName} · ${c.Name || t(`types.${c.CounterType}`)}`}
              secondary={[
                c.CustomerName,
                c.LastValue === null
                  ? t('noReadings')
                  : t('last', { value: c.LastValue, date: formatDateTime(c.LastReadingDate) }),
              ].join(' · ')}
            />
          </ListItemButton>
        )}
      />
    </ListLayout>
  );
}
