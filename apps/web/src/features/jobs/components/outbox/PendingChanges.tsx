import CloudUpload from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { OutboxCommand } from '../../../../lib/outbox/outbox.ts';
import { discardCommand, keepMine, useOutbox } from '../../../../lib/outbox/state.ts';

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
          {c.state === 'conflict' ? (
            <Alert
              severity="warning"
              data-testid="outbox-conflict"
              action={
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                  <Button color="inherit" size="small" onClick={() => void keepMine(c.key)}>
                    {t('outbox.keepMine')}
                  </Button>
                  <Button color="inherit" size="small" onClick={() => void discardCommand(c.key)}>
                    {t('outbox.takeOffice')}
                  </Button>
                </Box>
              }
            >
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('outbox.conflict')}
              </Typography>
              <Typography variant="body2">{t('outbox.yours', { change: c.label })}</Typography>
              <Typography variant="body2">{t('outbox.office', { change: c.office?.label ?? '' })}</Typography>
            </Alert>
          ) : c.state === 'refused' ? (
            <RefusedChange command={c} editPath={editPath?.(c) ?? null} />
          ) : (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {c.label}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                icon={<CloudUpload />}
                label={t('outbox.waiting')}
                data-testid="waiting-to-send"
              />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

function RefusedChange({ command, editPath }: { command: OutboxCommand; editPath: string | null }) {
  const { t } = useTranslation('jobs');
  return (
    <Alert
      severity="error"
      data-testid="outbox-refused"
      action={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {editPath && (
            <Button color="inherit" size="small" component={RouterLink} to={editPath}>
              {t('outbox.edit')}
            </Button>
          )}
          <Button color="inherit" size="small" onClick={() => void discardCommand(command.key)}>
            {t('outbox.discard')}
          </Button>
        </Box>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('outbox.refused', { change: command.label })}
      </Typography>
      {command.message && <Typography variant="body2">{command.message}</Typography>}
    </Alert>
  );
}
