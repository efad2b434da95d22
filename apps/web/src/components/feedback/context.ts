import { createContext, useContext } from 'react';
import type { ErrorLog, NoticeSeverity } from '../../lib/api/notices.ts';

export interface SnackbarOptions {
  text: string;
  subtext?: string;
  severity?: NoticeSeverity;
  durationMs?: number;
  /** Show the info icon instead of the severity's own (failed calls: warning colour, info icon). */
  infoIcon?: boolean;
  /** What a support ticket created from this snackbar carries. */
  ticket?: ErrorLog;
}

export interface SnackbarApi {
  show(opts: SnackbarOptions): void;
}

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  /** A condition the user must tick before Confirm is enabled (e.g. 'I understand this cannot be undone'). */
  conditionalConfirmText?: string;
  /** Offers 'Don't remind me'; once ticked and confirmed, later confirms with this key resolve true at once. */
  rememberKey?: string;
}

export type ConfirmFn = (opts: ConfirmOptions) => Promise<boolean>;

export const SnackbarContext = createContext<SnackbarApi | null>(null);
export const ConfirmContext = createContext<ConfirmFn | null>(null);

export function useSnackbar(): SnackbarApi {
  const ctx = useContext(SnackbarContext);
  if (!ctx) throw new Error('useSnackbar must be used inside FeedbackProvider');
  return ctx;
}

export function useConfirm(): ConfirmFn {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm must be used inside FeedbackProvider');
  return ctx;
}

/** localStorage keys of the feedback UI. */
export const REMEMBER_PREFIX = 'fp.confirm.remember.';
