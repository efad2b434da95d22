import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { formatDate } from '../../../i18n/dates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { type AgreementItem, useServiceAgreements } from '../api/agreements.ts';
import { useDeleteAgreement } from '../api/mutations.ts';
import { AgreementFormDialog } from './AgreementFormDialog.tsx';

/**
 * ServiceAgreements (/agreements/service-agreements): every machine's agreement, searched; New, change
 * (the same form, ours) and delete.
 */
export function ServiceAgreementsPage() {
  const { t } = useTranslation('agreements');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 300);
  const list = useServiceAgreements(word);
  // The form: closed, a new agreement, or the agreement being changed.
  const [form, setForm] = useState<{ agreement: AgreementItem | null } | null>(null);
  const remove = useDeleteAgreement();
  const actions = useMemo<HeaderAction[]>(
    () => [
      {
        id: 'agreement-new',
        label: t('agreements.new'),
        icon: <Add />,
        onClick: () => setForm({ agreement: null }),
      },
    ],
    [t],
  );
  useHeaderActions(actions);
  return (
    <>
      <ListLayout
        tools={<SearchField label={t('agreements.search')} value={search} onChange={setSearch} />}
        count={list.isPending ? null : t('agreements.count', { count: list.total })}
      >
        <PagedList
          list={list}
          label={t('agreements.label')}
          emptyText={t('agreements.empty')}
          estimateSize={64}
          renderItem={(a) => (
            <AgreementRow
              a={a}
              onEdit={() => setForm({ agreement: a })}
              onDelete={() => remove.mutate(a.Id)}
            />
          )}
        />
      </ListLayout>
      {form ? (
        <AgreementFormDialog
          key={form.agreement?.Id ?? 'new'}
          open
          agreement={form.agreement}
          onClose={() => setForm(null)}
        />
      ) : null}
    </>
  );
}

/** Every how many months and units an agreement calls for a visit. */
function intervalText(t: TFunction<'agreements'>, a: AgreementItem) {
  return [
    a.IntervalMonths ? t('agreements.everyMonths', { count: a.IntervalMonths }) : null,
    a.CounterInterval
      ? t('agreements.everyUnits', { count: a.CounterInterval, counter: a.CounterName ?? '' })
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function AgreementRow({ a, onEdit, onDelete }: { a: AgreementItem; onEdit(): void; onDelete(): void }) {
  const { t } = useTranslation('agreements');
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1,
        width: '100%',
        ...(a.IsActive ? {} : INACTIVE_ROW),
      }}
      data-testid={`agreement-${a.Id}`}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap>{a.Name}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {[
            a.CustomerName,
            a.MachineName,
            intervalText(t, a),
            a.EndDate ? t('agreements.until', { date: formatDate(a.EndDate) }) : null,
            a.IsActive ? null : t('inactive'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {a.LastServiceDate
          ? t('agreements.lastVisit', { date: formatDate(a.LastServiceDate) })
          : t('agreements.noVisit')}
      </Typography>
      <IconButton aria-label={t('agreements.editOf', { name: a.Name })} onClick={onEdit}>
        <Edit />
      </IconButton>
      <IconButton aria-label={t('agreements.delete', { name: a.Name })} onClick={onDelete}>
        <Delete />
      </IconButton>
    </Box>
  );
}
