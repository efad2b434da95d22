import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A record page's two columns on tablets and desktops, one on phones: its fields, and beside them the
 * side panels (at least 240 px), `main` to `side` wide.
 */
export function RecordColumns({ main, side, children }: { main: number; side: number; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: `minmax(0, ${main}fr) minmax(240px, ${side}fr)` },
        gap: 2,
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}
