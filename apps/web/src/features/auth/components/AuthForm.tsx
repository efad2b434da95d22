import Box from '@mui/material/Box';
import type { FormEvent, ReactNode } from 'react';
import { ApiError } from '../../../lib/api/client.ts';
import { Refused } from '../api/mutations.ts';

/** The column every sign-in step is laid out in; the browser's own validation stays off. */
export function AuthForm({ onSubmit, children }: { onSubmit: (e: FormEvent) => void; children: ReactNode }) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
    </Box>
  );
}

/** The server's Message of a failed or refused call, if it sent one. */
export const messageOf = (err: unknown): string | undefined =>
  (err instanceof ApiError && err.body?.Message) || (err instanceof Refused && err.message) || undefined;
