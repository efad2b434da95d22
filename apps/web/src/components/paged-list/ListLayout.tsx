import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A list page: a tool row (search and count) above a list that scrolls on its own. */
export function ListLayout(props: { tools: ReactNode; count?: string | null; children: ReactNode }) {
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          px: { xs: 1.5, sm: 2 },
          pt: 2,
          pb: 1,
        }}
      >
        {props.tools}
        {props.count ? (
          <Typography variant="body2" color="text.secondary" aria-live="polite" data-testid="list-count">
            {props.count}
          </Typography>
        ) : null}
      </Box>
      {props.children}
    </Box>
  );
}
