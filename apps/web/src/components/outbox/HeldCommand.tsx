import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { OutboxCommand } from '../../lib/outbox/outbox.ts';
import { discardCommand, keepMine } from '../../lib/outbox/state.ts';

/** The words of a held change, in the showing screen's own namespace. */
export interface HeldTexts {
  /** The conflict's or the refusal's first line. */
  title: string;
  /** A conflict's two sides: the technician's change and the office's. */
  yours?: string;
  office?: string;
  keepMine: string;
  takeOffice: string;
  discard: string;
}

/**
 * A command the server did not take (decision 075): the office changed the record meanwhile (both
 * sides; Keep mine sends it again on the office's version, Take the office's drops it), or a rule
 * refused it (the server's message; Discard, and `edit` where the change has a form).
 */
export function HeldCommand({
  command,
  texts,
  edit,
  sx,
}: {
  command: OutboxCommand;
  texts: HeldTexts;
  edit?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const conflict = command.state === 'conflict';
  return (
    <Alert
      severity={conflict ? 'warning' : 'error'}
      sx={sx}
      data-testid={conflict ? 'outbox-conflict' : 'outbox-refused'}
      action={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          {conflict ? (
            <Button color="inherit" size="small" onClick={() => void keepMine(command.key)}>
              {texts.keepMine}
            </Button>
          ) : (
            edit
          )}
          <Button color="inherit" size="small" onClick={() => void discardCommand(command.key)}>
            {conflict ? texts.takeOffice : texts.discard}
          </Button>
        </Box>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {texts.title}
      </Typography>
      {conflict ? (
        <>
          <Typography variant="body2">{texts.yours}</Typography>
          <Typography variant="body2">{texts.office}</Typography>
        </>
      ) : (
        command.message && <Typography variant="body2">{command.message}</Typography>
      )}
    </Alert>
  );
}
