import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useContracts } from '../api/agreements.ts';
import { ContractFormDialog } from './ContractFormDialog.tsx';
import { ContractPanel } from './ContractPanel.tsx';

/** Contracts of a type or of a customer, searched, with the chosen one's details beside the list. */
export function ContractList(props: { filter: { ContractTypeId?: string; CustomerId?: string } }) {
  const { t } = useTranslation('agreements');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 300);
  const list = useContracts({ ...props.filter, ...(word ? { SearchWord: word } : {}) });
  const [chosen, setChosen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const admin = useCan('Module.Contracts');
  const actions = useMemo<HeaderAction[]>(
    () =>
      admin
        ? [{ id: 'contract-new', label: t('contracts.new'), icon: <Add />, onClick: () => setCreating(true) }]
        : [],
    [admin, t],
  );
  useHeaderActions(actions);
  const number = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0, gap: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <ListLayout
          tools={<SearchField label={t('contracts.search')} value={search} onChange={setSearch} />}
          count={list.isPending ? null : t('contracts.count', { count: list.total })}
        >
          <PagedList
            list={list}
            label={t('contracts.label')}
            emptyText={t('contracts.empty')}
            estimateSize={64}
            renderItem={(c) => (
              <ListItemButton
                selected={chosen === c.Id}
                onClick={() => setChosen(c.Id)}
                data-testid={`contract-${c.Id}`}
              >
                <ListItemText
                  primary={c.Name}
                  secondary={[
                    c.CustomerName,
                    `${formatDate(c.StartDate)} – ${c.EndDate ? formatDate(c.EndDate) : t('contracts.openEnded')}`,
                    t('contracts.machines', { count: c.MachineCount }),
                  ].join(' · ')}
                />
              </ListItemButton>
            )}
          />
        </ListLayout>
      </Box>
      {chosen !== null ? (
        <Paper variant="outlined" sx={{ width: { xs: '100%', md: 380 }, overflow: 'auto', m: 2 }}>
          <ContractPanel id={chosen} onDeleted={() => setChosen(null)} />
        </Paper>
      ) : null}
      {creating ? (
        <ContractFormDialog
          open
          contract={null}
          typeId={number(props.filter.ContractTypeId)}
          customerId={number(props.filter.CustomerId)}
          onClose={() => setCreating(false)}
          onSaved={(c) => setChosen(c.Id)}
        />
      ) : null}
    </Box>
  );
}
