import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { JobDocumentInput } from '../../lib/outbox/inputs.ts';
import type { OutboxCommand } from '../../lib/outbox/outbox.ts';
import { HeldCommand } from '../outbox/HeldCommand.tsx';
import { WaitingLine } from '../outbox/WaitingLine.tsx';
import { formatSize } from './format.ts';

/**
 * A job's photos and documents still on the device (decision 102), at the top of its list: each waiting
 * one with its name, size and "Waiting to send"; one the server refused with its message and Discard.
 */
export function PendingUploads({ commands }: { commands: readonly OutboxCommand[] }) {
  const { t, i18n } = useTranslation('documents');
  if (commands.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }} data-testid="pending-uploads">
      {commands.map((c) => {
        const file = c.input as JobDocumentInput;
        return (
          <Box component="li" key={c.key} sx={{ mb: 1 }} data-testid="pending-upload">
            {c.state === 'refused' || c.state === 'conflict' ? (
              <HeldCommand
                command={c}
                texts={{
                  title: t('outbox.refused', { name: file.name }),
                  keepMine: t('outbox.keepMine'),
                  takeOffice: t('outbox.takeOffice'),
                  discard: t('outbox.discard'),
                }}
              />
            ) : (
              <WaitingLine waiting={t('outbox.waiting')}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatSize(file.size, t, i18n.language)}
                </Typography>
              </WaitingLine>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
