import { isSettableStatus, JOB_STATUS } from '@fieldport/contract';
import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeldCommand } from '../../components/outbox/HeldCommand.tsx';
import { SignatureDialog } from '../../components/signature/SignatureDialog.tsx';
import type { OutboxCommand } from '../../lib/outbox/outbox.ts';
import { useOutbox } from '../../lib/outbox/state.ts';
import { useCan } from '../../lib/use-can.ts';
import { jobTarget, queueSignature, queueStatusChange, useJobStatuses, type VisitJob } from './api.ts';
import type { Visit } from './visits.ts';

type Choice = { id: number; subId: number | null; label: string };

/** The statuses a technician may set from a visit: below Approved, Completed with Job.Complete; each alone and with each of its sub-statuses. */
function useStatusChoices(current: { statusId: number; subStatusId: number | null } | null) {
  const statuses = useJobStatuses();
  const canComplete = useCan('Job.Complete');
  return (statuses.data ?? [])
    .filter((s) => isSettableStatus(s.Id) && (s.Id !== JOB_STATUS.Completed || canComplete))
    .flatMap((s) => [
      { id: s.Id, subId: null, label: s.Name } as Choice,
      ...s.SubStatuses.map((sub): Choice => ({ id: s.Id, subId: sub.Id, label: `${s.Name} · ${sub.Name}` })),
    ])
    .filter((c) => !current || c.id !== current.statusId || c.subId !== current.subStatusId);
}

/** A command the server did not take: the office changed the job (both sides, the technician chooses), or a rule refused it. */
function HeldStatus({ command }: { command: OutboxCommand }) {
  const { t } = useTranslation('today');
  const conflict = command.state === 'conflict';
  return (
    <HeldCommand
      command={command}
      sx={{ mt: 1 }}
      texts={{
        title: conflict ? t('outbox.conflict') : t('outbox.refused', { status: command.label }),
        yours: t('outbox.yours', { status: command.label }),
        office: t('outbox.office', { status: command.office?.label ?? '' }),
        keepMine: t('outbox.keepMine'),
        takeOffice: t('outbox.takeOffice'),
        discard: t('outbox.discard'),
      }}
    />
  );
}

/**
 * A visit's job status: the status line (the technician's own change at once, marked "Waiting to send"
 * until the server has it), the status menu, and a held change to settle (decision 075).
 */
export function VisitStatus({ visit, job }: { visit: Visit; job: VisitJob | undefined }) {
  const { t } = useTranslation('today');
  const { userId, commands } = useOutbox();
  const mine = commands.filter((c) => c.target === jobTarget(visit.Job.Id));
  const last = mine.filter((c) => c.kind === 'jobStatus').at(-1);
  const held = mine.find((c) => c.state === 'conflict' || c.state === 'refused');
  const choices = useStatusChoices(
    job && !last ? { statusId: job.JobStatusId, subStatusId: job.JobSubStatusId } : null,
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Signing: alone (null), or before the completion it asks for.
  const [signing, setSigning] = useState<{ complete: Choice | null } | null>(null);
  const menuId = useId();
  const status = last?.label ?? visit.Job.StatusName;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ overflowWrap: 'anywhere' }}
          data-testid="visit-status"
        >
          {[visit.Job.CustomerName, status].filter(Boolean).join(' · ')}
        </Typography>
        {mine.length > 0 && !held && (
          <Chip
            size="small"
            variant="outlined"
            icon={<CloudUpload />}
            label={t('outbox.waiting')}
            data-testid="waiting-to-send"
          />
        )}
      </Box>
      {held && <HeldStatus command={held} />}
      {userId !== null && job && !held && choices.length > 0 && (
        <>
          <Button
            size="small"
            variant="outlined"
            sx={{ mt: 1, mr: 1 }}
            onClick={() => setSigning({ complete: null })}
          >
            {t('outbox.sign')}
          </Button>
          <Button
            size="small"
            variant="contained"
            sx={{ mt: 1 }}
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? true : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            {t('outbox.setStatus')}
          </Button>
          <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {choices.map((c) => (
              <MenuItem
                key={`${c.id}-${c.subId ?? 0}`}
                onClick={() => {
                  setAnchor(null);
                  // Completing asks for the customer's signature first (issue 31).
                  if (c.id === JOB_STATUS.Completed) setSigning({ complete: c });
                  else void queueStatusChange(job, c);
                }}
              >
                {c.label}
              </MenuItem>
            ))}
          </Menu>
          <SignatureDialog
            open={signing !== null}
            title={t('outbox.signTitle')}
            onClose={() => setSigning(null)}
            onDone={async (signature) => {
              const completion = signing?.complete ?? null;
              setSigning(null);
              await queueSignature(job, signature, t('outbox.signed', { name: signature.signerName }));
              if (completion) await queueStatusChange(job, completion);
            }}
          />
        </>
      )}
    </>
  );
}
