import LockOutlined from '@mui/icons-material/LockOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rule } from '../hooks/useFieldRules.ts';
import { apiMessage } from './apiMessage.ts';

export interface CommitFieldProps {
  label: string;
  /** The saved value. */
  value: string;
  /** Saves a changed, valid value; a rejection's field message is shown under the field. */
  onCommit(next: string): Promise<unknown>;
  validate?: Rule;
  required?: boolean;
  /** Read-only with this reason (the ERP's refusal text or the missing permission). */
  lockReason?: string | null;
  /** The wire name, for picking the field's message out of a refusal. */
  field?: string;
  multiline?: boolean;
  type?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'decimal' | 'numeric';
  autoComplete?: string;
  helperText?: string;
  testId?: string;
}

/**
 * An input that commits on blur (001 §5): only when the value changed and has no error; Escape puts
 * the saved value back; Enter leaves the field (and so commits). Required fields show the asterisk.
 */
export function CommitField(props: CommitFieldProps) {
  const { t } = useTranslation('customers');
  const { value, validate, onCommit } = props;
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const focused = useRef(false);
  const cancelled = useRef(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  // A new saved value (after a save or a reload) replaces the draft unless the user is typing.
  useEffect(() => {
    if (!focused.current) {
      setDraft(value);
      setError(null);
    }
  }, [value]);

  const locked = !!props.lockReason;

  const commit = async () => {
    const next = draftRef.current;
    if (next.trim() === value.trim()) {
      setDraft(value);
      setError(null);
      return;
    }
    const problem = validate?.(next) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      await onCommit(next.trim());
      setError(null);
    } catch (err) {
      setError(apiMessage(err, props.field) ?? t('save_failed'));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const input = e.target as HTMLElement;
    if (e.key === 'Escape') {
      e.preventDefault();
      cancelled.current = true;
      setDraft(value);
      draftRef.current = value;
      setError(null);
      input.blur();
    } else if (e.key === 'Enter' && !(props.multiline && e.shiftKey)) {
      e.preventDefault();
      input.blur();
    }
  };

  const lock = locked ? (
    <InputAdornment position="end">
      <Tooltip title={props.lockReason}>
        <LockOutlined fontSize="small" color="disabled" aria-label={props.lockReason ?? undefined} />
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
      value={draft}
      required={props.required}
      fullWidth
      size="small"
      type={props.type}
      multiline={props.multiline}
      autoComplete={props.autoComplete ?? 'off'}
      error={!!error}
      helperText={error ?? props.helperText}
      data-testid={props.testId}
      onChange={(e) => {
        setDraft(e.target.value);
        setError(validate?.(e.target.value) ?? null);
      }}
      onFocus={() => {
        focused.current = true;
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
        input: { readOnly: locked, endAdornment: lock },
        htmlInput: { inputMode: props.inputMode, 'aria-readonly': locked || undefined },
      }}
    />
  );
}
