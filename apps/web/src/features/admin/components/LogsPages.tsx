import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type LogFilter, useEventLog, useSmsLog, useTaskLog, useTaskPlans } from '../api/admin.ts';
import { useCancelWait, useSetPlan } from '../api/mutations.ts';
import { LogFilters } from './LogFilters.tsx';

/** The kinds of change the event log names (the outbox's entities, 002 §7.22). */
const EVENT_TYPES = [
  'job',
  'appointment',
  'customer',
  'machine',
  'article',
  'order',
  'user',
  'department',
  'settings',
  'counter',
  'task',
] as const;
const TASK_TYPES = [
  'JobEmail',
  'JobSms',
  'ExportMachines',
  'CleanExports',
  'NextOrderJobs',
  'CleanProposedPlans',
] as const;
const STATUS_COLOUR = {
  Recorded: 'default',
  Sent: 'success',
  Failed: 'error',
  created: 'default',
  update: 'info',
  completed: 'success',
  failed: 'error',
  cancelled: 'warning',
} as const;

/** One log line: a focusable row (the list's one tab stop), its time, its main text, details and a status. */
function LogRow(props: {
  active: boolean;
  testId: string;
  time: string;
  main: ReactNode;
  detail?: ReactNode;
  status?: { label: string; colour: keyof typeof STATUS_COLOUR };
  action?: ReactNode;
}) {
  return (
    <Box
      tabIndex={props.active ? 0 : -1}
      data-testid={props.testId}
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <Typography variant="body2" sx={{ minWidth: 150 }}>
        {formatDateTime(props.time)}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">{props.main}</Typography>
        {props.detail ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {props.detail}
          </Typography>
        ) : null}
      </Box>
      {props.status ? (
        <Chip size="small" label={props.status.label} color={STATUS_COLOUR[props.status.colour]} />
      ) : null}
      {props.action}
    </Box>
  );
}

/** EventLogs (/admin/logs/events, 002 §7.12): who changed what and when, by day range, user and type. */
export function EventLogPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<LogFilter>({});
  const list = useEventLog(filter);
  return (
    <ListLayout
      tools={
        <LogFilters
          value={filter}
          onChange={setFilter}
          withUser
          types={EVENT_TYPES}
          typeLabel={(type) => t(`logs.eventTypes.${type}`, { defaultValue: type })}
        />
      }
      count={list.isPending ? null : t('logs.count', { count: list.total })}
    >
      <PagedList
        list={list}
        label={t('logs.events.title')}
        emptyText={t('logs.empty')}
        listTestId="event-log"
        renderItem={(e, _i, row) => (
          <LogRow
            active={row.active}
            testId={`event-${e.Id}`}
            time={e.Created}
            main={t('logs.events.line', {
              user: e.UserName || t('logs.system'),
              change: t(`logs.changeTypes.${e.ChangeType}`, { defaultValue: e.ChangeType }),
              type: t(`logs.eventTypes.${e.Type}`, { defaultValue: e.Type }),
              id: e.EntityId,
            })}
          />
        )}
      />
    </ListLayout>
  );
}

/** SmsLogs (/admin/logs/sms): every text message, sent, failed or recorded (no provider configured). */
export function SmsLogPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<LogFilter>({});
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 400);
  const list = useSmsLog({ ...filter, ...(word ? { SearchWord: word } : {}) });
  return (
    <ListLayout
      tools={
        <Stack spacing={1.5} sx={{ width: '100%' }}>
          <SearchField label={t('logs.sms.search')} value={search} onChange={setSearch} />
          <LogFilters value={filter} onChange={setFilter} />
        </Stack>
      }
      count={list.isPending ? null : t('logs.count', { count: list.total })}
    >
      <PagedList
        list={list}
        label={t('logs.sms.title')}
        emptyText={t('logs.sms.empty')}
        listTestId="sms-log"
        renderItem={(s, _i, row) => (
          <LogRow
            active={row.active}
            testId={`sms-${s.Id}`}
            time={s.Created}
            main={s.To}
            detail={s.Error ? `${s.Text}\n${s.Error}` : s.Text}
            status={{ label: t(`mail.status.${s.Status}`), colour: s.Status }}
          />
        )}
      />
    </ListLayout>
  );
}

/** The cron plans (task/plans): last and next run, switched on and off. */
function TaskPlans() {
  const { t } = useTranslation('admin');
  const plans = useTaskPlans();
  const setPlan = useSetPlan();
  return (
    // On a phone the table scrolls sideways: the region takes focus so the arrow keys scroll it.
    <Paper
      variant="outlined"
      role="region"
      aria-labelledby="task-plans-title"
      tabIndex={0}
      sx={{ mx: { xs: 1.5, sm: 2 }, mt: 2, overflowX: 'auto' }}
    >
      <Typography id="task-plans-title" variant="subtitle1" component="h3" sx={{ px: 2, pt: 1.5 }}>
        {t('logs.plans.title')}
      </Typography>
      <Table size="small" aria-label={t('logs.plans.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('logs.plans.name')}</TableCell>
            <TableCell>{t('logs.plans.cron')}</TableCell>
            <TableCell>{t('logs.plans.last')}</TableCell>
            <TableCell>{t('logs.plans.next')}</TableCell>
            <TableCell>{t('logs.plans.enabled')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(plans.data ?? []).map((p) => (
            <TableRow key={p.Name} data-testid={`plan-${p.Name}`}>
              <TableCell>{p.Description || p.Name}</TableCell>
              <TableCell>
                <code>{p.Cron}</code>
              </TableCell>
              <TableCell>{p.LastRunAt ? formatDateTime(p.LastRunAt) : t('logs.plans.never')}</TableCell>
              <TableCell>{p.NextRunAt ? formatDateTime(p.NextRunAt) : '–'}</TableCell>
              <TableCell>
                <Switch
                  checked={p.Enabled}
                  disabled={setPlan.isPending}
                  onChange={(_e, enabled) => setPlan.mutate({ name: p.Name, enabled })}
                  slotProps={{
                    input: { 'aria-label': t('logs.plans.toggle', { name: p.Description || p.Name }) },
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** TaskLogs (/admin/logs/task): the cron plans, then every task with its outcome; a waiting one cancelled. */
export function TaskLogPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<LogFilter>({});
  const list = useTaskLog(filter);
  const cancel = useCancelWait();
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <TaskPlans />
      <Box sx={{ flex: 1, minHeight: 300, display: 'flex', flexDirection: 'column' }}>
        <ListLayout
          tools={<LogFilters value={filter} onChange={setFilter} withUser types={TASK_TYPES} />}
          count={list.isPending ? null : t('logs.count', { count: list.total })}
        >
          <PagedList
            list={list}
            label={t('logs.tasks.title')}
            emptyText={t('logs.empty')}
            listTestId="task-log"
            renderItem={(task, _i, row) => (
              <LogRow
                active={row.active}
                testId={`task-${task.Id}`}
                time={task.Created}
                main={`${task.Type} · ${task.UserName || t('logs.system')}`}
                detail={[task.DisplayText, t('logs.tasks.attempts', { count: task.Attempts }), task.Error]
                  .filter(Boolean)
                  .join(' · ')}
                status={{
                  label: t(`logs.taskStatus.${task.Status}`, { defaultValue: task.Status }),
                  colour: (task.Status in STATUS_COLOUR
                    ? task.Status
                    : 'created') as keyof typeof STATUS_COLOUR,
                }}
                action={
                  task.Status === 'created' ? (
                    <Button size="small" onClick={() => cancel.mutate(task.Id)} disabled={cancel.isPending}>
                      {t('logs.tasks.cancel')}
                    </Button>
                  ) : null
                }
              />
            )}
          />
        </ListLayout>
      </Box>
    </Box>
  );
}
