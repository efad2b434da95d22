import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HeldCommand } from '../../../components/outbox/HeldCommand.tsx';
import { WaitingLine } from '../../../components/outbox/WaitingLine.tsx';
import type { CounterReadingInput } from '../../../lib/outbox/inputs.ts';
import { useOutbox } from '../../../lib/outbox/state.ts';

/**
 * A counter's readings still on the device (decision 099): each waiting one with its words and "Waiting
 * to send"; one refused by a rule (lower than the one before) with the server's message and Discard. A
 * reading is new: it has no version, so never a conflict.
 */
export function PendingReadings({ counterId }: { counterId: number }) {
  const { t } = useTranslation('counters');
  const { commands } = useOutbox();
  const mine = commands.filter(
    (c) => c.kind === 'counterReading' && (c.input as CounterReadingInput).body.CounterId === counterId,
  );
  if (mine.length === 0) return null;
  return (
    <Box
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
      data-testid={`pending-readings-${counterId}`}
    >
      {mine.map((c) => (
        <Box component="li" key={c.key} sx={{ mb: 1 }}>
          {c.state === 'refused' ? (
            <HeldCommand
              command={c}
              texts={{
                title: t('outbox.refused', { change: c.label }),
                keepMine: t('outbox.keepMine'),
                takeOffice: t('outbox.takeOffice'),
                discard: t('outbox.discard'),
              }}
            />
          ) : (
            <WaitingLine waiting={t('outbox.waiting')}>
              <Typography variant="body2">{c.label}</Typography>
            </WaitingLine>
          )}
        </Box>
      ))}
    </Box>
  );
}
