import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A centred message page: icon, heading, text and actions (404, no access, licence, planned …). */
export function PageMessage(props: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, sm: 4 } }} data-testid={props.testId}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640, width: '100%', textAlign: 'center' }}
      >
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: 'primary.main', '& svg': { fontSize: 56 } }} aria-hidden>
            {props.icon}
          </Box>
          <Typography variant="h5" component="h2">
            {props.title}
          </Typography>
          {props.children}
          {props.actions ? (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
              {props.actions}
            </Stack>
          ) : null}
        </Stack>
      </Paper>
    </Box>
  );
}
