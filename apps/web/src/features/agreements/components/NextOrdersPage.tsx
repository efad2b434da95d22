import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-fields/DateFields.tsx';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { formatDate } from '../../../i18n/dates.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { statusFilter } from '../../../lib/routing/job-filter.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type NextOrderItem, useNextOrders } from '../api/agreements.ts';
import { useCreateNextOrderJob, useCreateNextOrderJobs } from '../api/mutations.ts';
import { dueText } from './due-text.ts';

/** A job made from a next order is new (status 10). */
const NEW_JOB_STATUS = 10;

/**
 * NextOrders (/agreements/next-orders, 001 §2.5): the visits the service agreements call for next, by
 * due date, up to a chosen day. The office makes the job of one at once, or of the chosen ones as a
 * background task whose progress the task panel shows.
 */
export function NextOrdersPage() {
  const { t } = useTranslation('agreements');
  const [toDate, setToDate] = useState('');
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 300);
  const list = useNextOrders(toDate, word);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const createOne = useCreateNextOrderJob();
  const createMany = useCreateNextOrderJobs();
  /** The jobs made here, newest first: the visit leaves the list once its job is made. */
  const [made, setMade] = useState<{ jobId: number; name: string }[]>([]);
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const createChosen = () =>
    createMany.mutate([...chosen], {
      onSuccess: () => setChosen(new Set()),
    });
  return (
    <ListLayout
      tools={
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <SearchField label={t('nextOrders.search')} value={search} onChange={setSearch} />
          <DateField size="small" label={t('nextOrders.toDate')} value={toDate} onChange={setToDate} />
          <Button
            variant="contained"
            startIcon={<PlaylistAdd />}
            disabled={chosen.size === 0 || createMany.isPending}
            onClick={createChosen}
            data-testid="next-orders-create-chosen"
          >
            {t('nextOrders.createChosen', { count: chosen.size })}
          </Button>
        </Box>
      }
      count={list.isPending ? null : t('nextOrders.count', { count: list.total })}
    >
      {made.length ? (
        <Alert severity="success" role="status" sx={{ mx: 2, mb: 1 }} data-testid="next-orders-made">
          {made.map((m) => (
            <Box key={m.jobId}>
              {t('nextOrders.made', { name: m.name })}{' '}
              <Link
                to={pathFor('ViewJob', { filter: statusFilter(NEW_JOB_STATUS, 0), jobId: String(m.jobId) })}
              >
                {t('nextOrders.openJob', { id: m.jobId })}
              </Link>
            </Box>
          ))}
        </Alert>
      ) : null}
      <PagedList
        list={{ ...list, items: list.items.map((o) => ({ ...o, Id: o.AgreementId })) }}
        label={t('nextOrders.label')}
        emptyText={t('nextOrders.empty')}
        estimateSize={72}
        renderItem={(o) => (
          <NextOrderRow
            order={o}
            chosen={chosen.has(o.AgreementId)}
            onToggle={() => toggle(o.AgreementId)}
            busy={createOne.isPending}
            onCreate={() =>
              createOne.mutate(
                { id: o.AgreementId, rowVersion: o.RowVersion },
                { onSuccess: (r) => setMade((m) => [{ jobId: r.JobId, name: o.AgreementName }, ...m]) },
              )
            }
          />
        )}
      />
    </ListLayout>
  );
}

function NextOrderRow(props: {
  order: NextOrderItem;
  chosen: boolean;
  onToggle(): void;
  onCreate(): void;
  busy: boolean;
}) {
  const { t } = useTranslation('agreements');
  const o = props.order;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1, py: 1, width: '100%' }}
      data-testid={`next-order-${o.AgreementId}`}
    >
      <Checkbox
        checked={props.chosen}
        onChange={props.onToggle}
        slotProps={{ input: { 'aria-label': t('nextOrders.choose', { name: o.AgreementName }) } }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body1" noWrap>
          {o.AgreementName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {[o.CustomerName, `${o.MachineName}${o.SerialNumber ? ` (${o.SerialNumber})` : ''}`, o.ContractName]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right' }}>
        <Typography variant="body2" color={o.Overdue ? 'error' : 'text.primary'}>
          {t('nextOrders.due', { date: formatDate(o.DueDate) })}
        </Typography>
        <Chip size="small" label={dueText(t, o)} variant="outlined" />
      </Box>
      <Button size="small" variant="outlined" disabled={props.busy} onClick={props.onCreate}>
        {t('nextOrders.createJob')}
      </Button>
    </Box>
  );
}
