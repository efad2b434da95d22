import { isOpen, type OrderLine } from '@fieldport/contract';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import MoreTime from '@mui/icons-material/MoreTime';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useConfirm } from '../../../../components/feedback/index.ts';
import type { PartAddInput, TimeAddInput } from '../../../../lib/outbox/inputs.ts';
import type { OutboxCommand } from '../../../../lib/outbox/outbox.ts';
import { useCan } from '../../../../lib/use-can.ts';
import type { Job } from '../../api/jobs.ts';
import { useAppliedLineCommands, useJobParts, useJobTime, useRemoveOrderLine } from '../../api/parts.ts';
import { PendingChanges, useJobCommands } from '../outbox/PendingChanges.tsx';
import { PartLinesTable, TimeLinesTable } from './PartLinesTable.tsx';

/** The parts tab's own address (…/view/:jobId/parts), from the tab or one of its dialogs. */
export const partsPathOf = (pathname: string) => pathname.replace(/\/parts(\/.*)?$/, '/parts');

/** The address of a line dialog that corrects the refused command `key` (decision 095). */
const editCommandPath = (dialogPath: string, key: string) =>
  `${dialogPath}?command=${encodeURIComponent(key)}`;

const PART_KINDS = new Set(['partAdd', 'partChange']);
const TIME_KINDS = new Set(['timeAdd', 'timeChange']);

/** A line command of a machine sub-job: a new line on it, or a change of one of its lines. */
function ofSubJob(c: OutboxCommand, subJobId: number, lineIds: ReadonlySet<number>): boolean {
  const body = (c.input as PartAddInput | TimeAddInput).body as { JobId?: number; Id?: number };
  return body.JobId === subJobId || (body.Id !== undefined && lineIds.has(body.Id));
}

/**
 * The parts tab (001 §2.8): per machine job of the order, its parts and its time in tables with the
 * server's amounts; adding and changing open the child routes' dialogs, deleting asks first. Changes
 * for those who may edit the job while it is open. The user's own changes not yet sent (the outbox,
 * decision 095) show under each machine job's parts and time, waiting, in conflict or refused.
 */
export function PartsTab({ job }: { job: Job }) {
  const { t } = useTranslation('orders');
  const { pathname } = useLocation();
  const base = partsPathOf(pathname);
  const canEdit = useCan('Job.Edit') && isOpen(job.JobStatusId);
  const parts = useJobParts(job.Id);
  const time = useJobTime(job.Id);
  const remove = useRemoveOrderLine(job.Id);
  const confirm = useConfirm();
  const { commands } = useJobCommands(job.Id, (c) => PART_KINDS.has(c.kind) || TIME_KINDS.has(c.kind));
  useAppliedLineCommands(job.Id);

  if (parts.isError || time.isError) return <Alert severity="warning">{t('failed')}</Alert>;
  if (!parts.data || !time.data) return <CircularProgress aria-label={t('loading')} />;

  const onDelete = async (line: OrderLine) => {
    const ok = await confirm({
      title: t('parts.deleteTitle'),
      message: t('parts.deleteMessage', { description: line.Description }),
      confirmText: t('delete'),
      cancelText: t('cancel'),
    });
    if (ok) remove.mutate(line.Id);
  };
  const subJobs = job.InverseParent;
  if (subJobs.length === 0) return <Typography color="text.secondary">{t('parts.noSubJobs')}</Typography>;
  return (
    <Stack spacing={2}>
      {subJobs.map((sub) => {
        const partLines = parts.data.find((g) => g.JobId === sub.Id)?.Lines.filter((l) => !l.IsTime) ?? [];
        const timeLines = time.data.Lines.filter((l) => l.JobId === sub.Id);
        const title = t('subJob', { name: sub.MachineName, orderId: sub.OrderId ?? '' });
        const headingId = `parts-sub-job-${sub.Id}`;
        const lineIds = new Set([...partLines, ...timeLines].map((l) => l.Id));
        const mine = commands.filter((c) => ofSubJob(c, sub.Id, lineIds));
        // A refused change is corrected in its dialog: a new line's add, a line's edit.
        const editPath = (c: OutboxCommand) => {
          const kind = PART_KINDS.has(c.kind) ? 'part' : 'time';
          const id = (c.input as { body: { Id?: number } }).body.Id;
          const path = id ? `${base}/edit${kind}/${sub.Id}/${id}` : `${base}/add${kind}/${sub.Id}`;
          return editCommandPath(path, c.key);
        };
        return (
          <Paper
            key={sub.Id}
            component="section"
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 } }}
            aria-labelledby={headingId}
            data-testid={`parts-sub-job-${sub.Id}`}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
            >
              <Typography variant="h6" component="h2" id={headingId}>
                {title}
              </Typography>
              {canEdit && (
                <Stack direction="row" spacing={1}>
                  <Button
                    component={RouterLink}
                    to={`${base}/addpart/${sub.Id}`}
                    startIcon={<AddShoppingCart />}
                    data-testid={`add-part-${sub.Id}`}
                  >
                    {t('parts.add')}
                  </Button>
                  <Button
                    component={RouterLink}
                    to={`${base}/addtime/${sub.Id}`}
                    startIcon={<MoreTime />}
                    data-testid={`add-time-${sub.Id}`}
                  >
                    {t('parts.addTime')}
                  </Button>
                </Stack>
              )}
            </Stack>
            <Typography variant="subtitle2" component="h3">
              {t('parts.heading')}
            </Typography>
            <PartLinesTable
              lines={partLines}
              label={`${t('parts.heading')}: ${title}`}
              editPath={canEdit ? (l) => `${base}/editpart/${sub.Id}/${l.Id}` : undefined}
              onDelete={canEdit ? onDelete : undefined}
            />
            <PendingChanges
              commands={mine.filter((c) => PART_KINDS.has(c.kind))}
              editPath={editPath}
              testId={`pending-parts-${sub.Id}`}
            />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {t('parts.timeHeading')}
            </Typography>
            <TimeLinesTable
              lines={timeLines}
              label={`${t('parts.timeHeading')}: ${title}`}
              editPath={canEdit ? (l) => `${base}/edittime/${sub.Id}/${l.Id}` : undefined}
              onDelete={canEdit ? onDelete : undefined}
            />
            <PendingChanges
              commands={mine.filter((c) => TIME_KINDS.has(c.kind))}
              editPath={editPath}
              testId={`pending-time-${sub.Id}`}
            />
          </Paper>
        );
      })}
    </Stack>
  );
}
