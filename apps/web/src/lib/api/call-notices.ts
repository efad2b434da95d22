import { SNACKBAR_CHANGE_MS, SNACKBAR_CREATE_MS, SNACKBAR_DELETE_MS } from '@fieldport/contract';
import type { WebCallName } from '@fieldport/contract/manifest';
import type { ApiError } from './api-error.ts';
import { type ErrorLog, emitNotice } from './notices.ts';

/* 002 §8: what a call shows when it fails, and when asked, when it succeeds. */

const SECRET = /password|token|secret/i;
function redact(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof FormData) return '[form data]';
  try {
    return JSON.stringify(value, (k, v) => (k && SECRET.test(k) ? '***' : v));
  } catch {
    return String(value);
  }
}

function ticketOf(err: ApiError, input: { query?: unknown; body?: unknown } | undefined): ErrorLog {
  return {
    Route: err.url,
    Method: err.method,
    Input: redact(input?.body ?? input?.query),
    Response: err.status ? `${err.status} ${redact(err.data)}` : err.kind,
  };
}

/** The creation calls whose failure without a server message says what was not created (001 §8). */
const CREATES: Partial<Record<WebCallName, string>> = {
  jobCreate: 'job',
  customerCreate: 'customer',
  machineCreate: 'machine',
  appointmentCreate: 'appointment',
  contractCreate: 'contract',
  projectCreate: 'project',
  leadCreate: 'lead',
  counterCreate: 'counter',
  articleCreate: 'article',
  partnerCompanyCreate: 'partnerCompany',
};

export function reportFailure(
  name: WebCallName,
  err: ApiError,
  input: { query?: unknown; body?: unknown } | undefined,
): void {
  const ticket = ticketOf(err, input);
  const message = err.body?.Message;
  const creates = CREATES[name];
  // A creation that failed without the server's word: 'Failed to create {object}', the cause below it.
  if (creates && !message && (err.kind !== 'http' || err.status === 500 || !err.data)) {
    emitNotice({ textKey: `failed_to_create.${creates}`, subtext: err.url, severity: 'error', ticket });
  } else if (err.kind === 'timeout' || err.kind === 'network') {
    // The device says it has no network: say so rather than blame the server (decision 071).
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    emitNotice({
      textKey: offline ? 'offline_call' : err.kind === 'timeout' ? 'request_timeout' : 'network_error',
      subtext: err.url,
      severity: 'error',
      ticket,
    });
  } else if (err.status === 500) {
    emitNotice(
      message
        ? { text: message, subtext: err.url, severity: 'error', ticket }
        : { textKey: 'internal_server_error', subtext: err.url, severity: 'error', ticket },
    );
  } else if (message) {
    const fields = err.body?.Errors?.map((e) => `${e.Field}: ${e.Message}`).join('\n');
    emitNotice({ text: message, subtext: fields || undefined, severity: 'warning', infoIcon: true, ticket });
  } else if (typeof err.data === 'string' && err.data.trim()) {
    emitNotice({ text: err.data.trim().slice(0, 500), severity: 'warning', infoIcon: true, ticket });
  } else {
    emitNotice({
      textKey: 'exception_in',
      values: { method: err.method },
      subtext: err.url,
      severity: 'error',
      ticket,
    });
  }
}

export function reportSuccess(method: string, notify: true | string): void {
  const durationMs =
    method === 'PUT' ? SNACKBAR_CREATE_MS : method === 'DELETE' ? SNACKBAR_DELETE_MS : SNACKBAR_CHANGE_MS;
  if (typeof notify === 'string') emitNotice({ text: notify, severity: 'success', durationMs });
  else
    emitNotice({
      textKey: method === 'PUT' ? 'created' : method === 'DELETE' ? 'deleted' : 'saved',
      severity: 'success',
      durationMs,
    });
}

/* ---------- the public entry ---------- */
