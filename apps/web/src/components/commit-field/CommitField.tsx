import LockOutlined from '@mui/icons-material/LockOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../lib/api/api-message.ts';

export interface CommitFieldProps {
  label: string;
  /** The saved value. */
  value: string;
  /** Saves a changed, valid value (trimmed); a rejection keeps the typed text and shows why under it. */
  onCommit(next: string): Promise<unknown>;
  /** The translated message of the value's first problem, or null when it is fine. */
  validate?: (value: string) => string | null;
  required?: boolean;
  readOnly?: boolean;
  /** Read-only with this reason, told by a lock icon (the ERP's refusal text or the missing permission). */
  lockReason?: string | null;
  /** The wire name: the input's name, and the field whose message is picked out of a refusal. */
  name?: string;
  type?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'text' | 'email' | 'tel' | 'decimal' | 'numeric';
  autoComplete?: string;
  helperText?: string;
}

/**
 * A text input of an edit form (001 §5): commits on blur only when the text changed and has no error;
 * Escape puts the saved value back, Enter leaves the field (and so commits). Required inputs show the
 * asterisk. A new saved value from outside replaces the text unless the user is typing.
 */
export function CommitField(props: CommitFieldProps) {
  const { t } = useTranslation('common');
  const { value, validate, onCommit } = props;
  const [draft, setDraft] = useState(value);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focused = useRef(false);
  // Escape blurs the input too: that blur must not commit.
  const cancelled = useRef(false);

  useEffect(() => {
    if (!focused.current) {
      setDraft(value);
      setServerError(null);
    }
  }, [value]);

  const locked = !!props.readOnly || !!props.lockReason;
  // A saved value is not judged: only what the user typed.
  const problem = draft !== value ? (validate?.(draft) ?? null) : null;
  const error = problem ?? serverError;

  async function commit() {
    const next = draft.trim();
    if (next === value.trim()) {
      setDraft(value);
      return;
    }
    if (problem) return;
    setSaving(true);
    try {
      await onCommit(next);
      setServerError(null);
      if (!focused.current) setDraft(next);
    } catch (err) {
      setServerError(apiMessage(err, props.name) ?? t('saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const input = e.target as HTMLElement;
    if (e.key === 'Escape') {
      e.preventDefault();
      cancelled.current = true;
      setDraft(value);
      setServerError(null);
      input.blur();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      input.blur();
    }
  }

  const adornment = props.lockReason ? (
    <InputAdornment position="end">
      <Tooltip title={props.lockReason}>
        <LockOutlined fontSize="small" color="disabled" aria-label={props.lockReason} />
      </Tooltip>
    </InputAdornment>
  ) : saving ? (
    <InputAdornment position="end">
      <CircularProgress size={16} aria-label={t('saving')} />
    </InputAdornment>
  ) : undefined;

  return (
    <TextField
      label={props.label}
      name={props.name}
      type={props.type ?? 'text'}
      value={draft}
      required={props.required}
      fullWidth
      size="small"
      autoComplete={props.autoComplete ?? 'off'}
      error={!!error}
      helperText={error ?? props.helperText}
      onChange={(e) => {
        setDraft(e.target.value);
        setServerError(null);
      }}
      onFocus={() => {
        focused.current = true;
        cancelled.current = false;
      }}
      onBlur={() => {
        focused.current = false;
        if (cancelled.current) {
          cancelled.current = false;
          return;
        }
        if (!locked) void commit();
      }}
      onKeyDown={onKeyDown}
      slotProps={{
        input: { readOnly: locked, endAdornment: adornment },
        htmlInput: { inputMode: props.inputMode, 'aria-readonly': locked || undefined },
        inputLabel: props.type === 'date' ? { shrink: true } : {},
      }}
    />
  );
}
