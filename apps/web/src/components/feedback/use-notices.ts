import { SNACKBAR_CREATE_MS } from '@fieldport/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client.ts';
import { useSnackbar } from './context.ts';

/** 'Created' for 5 s (000 §8): create calls are POSTs, which the client would call 'Saved'. */
export function useCreatedNotice(): () => void {
  const snackbar = useSnackbar();
  const { t } = useTranslation('feedback');
  return useCallback(
    () => snackbar.show({ text: t('created'), severity: 'success', durationMs: SNACKBAR_CREATE_MS }),
    [snackbar, t],
  );
}

/**
 * For calls made silent because the form shows the refusal under its field: failures that are not
 * such a refusal (server errors, no connection) still get their snackbar.
 */
export function useUnshownFailure(): (err: unknown) => void {
  const snackbar = useSnackbar();
  const { t } = useTranslation('feedback');
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.body?.Message) return;
      const text =
        err instanceof ApiError
          ? err.kind === 'timeout'
            ? t('request_timeout')
            : err.kind === 'network'
              ? t('network_error')
              : (err.body?.Message ?? t('unexpected_error'))
          : t('unknown_error');
      snackbar.show({ text, severity: 'error', ...(err instanceof ApiError ? { subtext: err.url } : {}) });
    },
    [snackbar, t],
  );
}
