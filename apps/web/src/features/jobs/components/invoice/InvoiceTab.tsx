import type { OrderLine } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/feedback/index.ts';
import { apiMessage } from '../../../../lib/api/api-message.ts';
import { useSession } from '../../../../lib/session.tsx';
import { useCan } from '../../../../lib/use-can.ts';
import {
  useChangeOrderOptions,
  useDeleteInvoiceLine,
  useInvoice,
  useLinkLine,
  useMoveLine,
  useOrderTotal,
  useUpdateInvoiceLine,
} from '../../api/invoice.ts';
import type { Job } from '../../api/jobs.ts';
import { ChooseDialog } from './ChooseDialog.tsx';
import { EditLineDialog } from './EditLineDialog.tsx';
import { InvoiceLinesTable, type LineAction } from './InvoiceLinesTable.tsx';
import { InvoiceTotals } from './InvoiceTotals.tsx';
import { OrderOptionsPanel } from './OrderOptionsPanel.tsx';

/** The office's (Admin, Technician) who may change the job: they prepare the invoice. */
const OFFICE = [1, 2];

/**
 * The invoice tab (001 §2.8, 002 §7.16): the pre-invoice's customer, its lines per machine job with
 * 'no invoice' per machine job, the totals as the server counts them, the order options; a line's menu
 * (keyboard reachable) edits, moves, links or deletes it. Nothing changes on a locked (approved,
 * closed) job or for those who may only read.
 */
export function InvoiceTab({ job }: { job: Job }) {
  const { t } = useTranslation('orders');
  const { info } = useSession();
  const office = useCan('Job.Edit') && OFFICE.includes(info?.UserInfo.UserTypeId ?? 0);
  const invoice = useInvoice(job.Id);
  const total = useOrderTotal(job.Id);
  const move = useMoveLine(job.Id);
  const link = useLinkLine(job.Id);
  const update = useUpdateInvoiceLine(job.Id);
  const remove = useDeleteInvoiceLine(job.Id);
  const options = useChangeOrderOptions(job.Id);
  const confirm = useConfirm();
  const [open, setOpen] = useState<{ action: 'edit' | 'move' | 'link'; line: OrderLine } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [editProblem, setEditProblem] = useState<string | null>(null);

  if (invoice.isError) return <Alert severity="warning">{t('failed')}</Alert>;
  if (!invoice.data) return <CircularProgress aria-label={t('loading')} />;
  const inv = invoice.data;
  const canEdit = office && !inv.Locked;
  const allLines = inv.SubJobs.flatMap((s) => s.Lines);
  const subName = (jobId: number) => {
    const sub = job.InverseParent.find((s) => s.Id === jobId);
    const name = inv.SubJobs.find((s) => s.JobId === jobId)?.MachineName ?? sub?.MachineName ?? '';
    return t('subJob', { name, orderId: sub?.OrderId ?? '' });
  };

  const onAction = async (action: LineAction, line: OrderLine) => {
    setProblem(null);
    if (action === 'unlink') link.mutate({ Id: line.Id, LinkToLineId: null, RowVersion: line.RowVersion });
    else if (action === 'delete') {
      const ok = await confirm({
        title: t('invoice.deleteTitle'),
        message: t('parts.deleteMessage', { description: line.Description }),
        confirmText: t('delete'),
        cancelText: t('cancel'),
      });
      if (ok) remove.mutate(line.Id);
    } else setOpen({ action, line });
  };
  const done = () => {
    setOpen(null);
    setEditProblem(null);
  };

  return (
    <Stack spacing={2}>
      {inv.Customer && (
        <Typography>
          {t('invoice.customer', { name: `${inv.Customer.CustomerNumber} ${inv.Customer.Name}`.trim() })}
          {inv.Customer.FreeFromVat && ` · ${t('invoice.freeFromVat')}`}
        </Typography>
      )}
      {inv.Locked && <Alert severity="info">{t('invoice.locked')}</Alert>}
      {problem && (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      )}
      {inv.SubJobs.map((sub) => {
        const title = subName(sub.JobId);
        const headingId = `invoice-sub-job-${sub.JobId}`;
        return (
          <Paper
            key={sub.JobId}
            component="section"
            variant="outlined"
            sx={{ p: { xs: 1.5, sm: 2 } }}
            aria-labelledby={headingId}
            data-testid={headingId}
          >
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
            >
              <Typography variant="h6" component="h2" id={headingId}>
                {title}
              </Typography>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={sub.NoInvoice}
                    disabled={!canEdit || options.isPending}
                    onChange={async (_, NoInvoice) => {
                      setProblem(null);
                      try {
                        await options.mutateAsync({ jobId: sub.JobId, query: { NoInvoice } });
                      } catch (err) {
                        setProblem(apiMessage(err) ?? t('failed'));
                      }
                    }}
                  />
                }
                label={t('invoice.subJobNoInvoice')}
              />
            </Stack>
            <InvoiceLinesTable
              lines={sub.Lines}
              allLines={allLines}
              label={title}
              onAction={canEdit ? onAction : undefined}
            />
          </Paper>
        );
      })}
      <InvoiceTotals invoice={inv} total={total.data} />
      <OrderOptionsPanel jobId={job.Id} canEdit={canEdit} />
      {open?.action === 'edit' && (
        <EditLineDialog
          line={open.line}
          busy={update.isPending}
          problem={editProblem}
          onClose={done}
          onSave={async (change) => {
            setEditProblem(null);
            try {
              await update.mutateAsync({ Id: open.line.Id, ...change, RowVersion: open.line.RowVersion });
              done();
            } catch (err) {
              setEditProblem(apiMessage(err) ?? t('failed'));
            }
          }}
        />
      )}
      {open?.action === 'move' && (
        <ChooseDialog
          title={t('invoice.moveTitle', { description: open.line.Description })}
          label={t('invoice.moveTo')}
          action={t('invoice.moveAction')}
          options={inv.SubJobs.filter((s) => s.JobId !== open.line.JobId).map((s) => ({
            id: s.JobId,
            label: subName(s.JobId),
          }))}
          busy={move.isPending}
          onClose={done}
          onChoose={(ToJobId) =>
            move.mutate({ Id: open.line.Id, ToJobId, RowVersion: open.line.RowVersion }, { onSettled: done })
          }
          testId="invoice-move"
        />
      )}
      {open?.action === 'link' && (
        <ChooseDialog
          title={t('invoice.linkTitle', { description: open.line.Description })}
          label={t('invoice.linkTo')}
          action={t('invoice.linkAction')}
          options={allLines
            .filter((l) => l.Id !== open.line.Id && l.LinkedToLineId === null)
            .map((l) => ({ id: l.Id, label: `${l.ArticleNumber} ${l.Description}`.trim() }))}
          busy={link.isPending}
          onClose={done}
          onChoose={(LinkToLineId) =>
            link.mutate(
              { Id: open.line.Id, LinkToLineId, RowVersion: open.line.RowVersion },
              { onSettled: done },
            )
          }
          testId="invoice-link"
        />
      )}
    </Stack>
  );
}
