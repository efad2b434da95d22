import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { HeldCommand } from '../../../../components/outbox/HeldCommand.tsx';
import { WaitingLine } from '../../../../components/outbox/WaitingLine.tsx';
import type { OutboxCommand } from '../../../../lib/outbox/outbox.ts';
import { useOutbox } from '../../../../lib/outbox/state.ts';

/** The signed-in user's changes of a job not yet applied (its outbox commands), oldest first. */
export function useJobCommands(jobId: number, keep: (c: OutboxCommand) => boolean = () => true) {
  const { userId, commands } = useOutbox();
  return {
    userId,
    commands: commands.filter((c) => c.target === `job:${jobId}` && keep(c)),
  };
}

/**
 * A job's changes on the device (decision 095), shown at once: each waiting one with its words and
 * "Waiting to send"; a conflict with the technician's and the office's side and the two choices; a
 * refusal with the server's message, Edit (where the change has a form, `editPath`) and Discard.
 */
export function PendingChanges({
  commands,
  editPath,
  testId,
}: {
  commands: readonly OutboxCommand[];
  editPath?: (c: OutboxCommand) => string | null;
  testId: string;
}) {
  const { t } = useTranslation('jobs');
  if (commands.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }} data-testid={testId}>
      {commands.map((c) => (
        <Box component="li" key={c.key} sx={{ mb: 1 }} data-testid="pending-change">
          {c.state === 'conflict' || c.state === 'refused' ? (
            <HeldChange command={c} editPath={editPath?.(c) ?? null} />
          ) : (
            <WaitingLine waiting={t('outbox.waiting')}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {c.label}
              </Typography>
            </WaitingLine>
          )}
        </Box>
      ))}
    </Box>
  );
}

function HeldChange({ command, editPath }: { command: OutboxCommand; editPath: string | null }) {
  const { t } = useTranslation('jobs');
  const conflict = command.state === 'conflict';
  return (
    <HeldCommand
      command={command}
      texts={{
        title: conflict ? t('outbox.conflict') : t('outbox.refused', { change: command.label }),
        yours: t('outbox.yours', { change: command.label }),
        office: t('outbox.office', { change: command.office?.label ?? '' }),
        keepMine: t('outbox.keepMine'),
        takeOffice: t('outbox.takeOffice'),
        discard: t('outbox.discard'),
      }}
      edit={
        editPath && (
          <Button color="inherit" size="small" component={RouterLink} to={editPath}>
            {t('outbox.edit')}
          </Button>
        )
      }
    />
  );
}
