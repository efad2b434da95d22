import CloudUpload from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';

/**
 * One change still on the device (the outbox): what it is, and a "Waiting to send" chip (`waiting`,
 * in the caller's namespace). The held ones (conflict, refusal) show HeldCommand instead.
 */
export function WaitingLine({ children, waiting }: { children: ReactNode; waiting: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {children}
      <Chip
        size="small"
        variant="outlined"
        icon={<CloudUpload />}
        label={waiting}
        data-testid="waiting-to-send"
      />
    </Box>
  );
}
