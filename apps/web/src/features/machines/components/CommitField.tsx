import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { firstProblem, type Rule } from './rules.ts';

export interface CommitFieldProps {
  label: string;
  /** The saved value. */
  value: string;
  /** Saves a changed, valid value; a rejection keeps the typed text with the server's message. */
  onCommit(value: string): Promise<unknown>;
  rules?: readonly Rule[];
  required?: boolean;
  readOnly?: boolean;
  type?: 'text' | 'email' | 'tel' | 'date';
  name?: string;
  helperText?: string;
  /** The field name of server validation errors (Errors[].Field) that belong to this input. */
  serverField?: string;
  autoComplete?: string;
}

/**
 * A text input of an edit form (001 §5): commits on blur only when the text changed and has no error;
 * Escape puts back the saved value, Enter leaves the field (and so commits). Required inputs show an
 * asterisk. A new saved value from outside replaces the text unless the user is typing.
 */
export function CommitField(props: CommitFieldProps) {
  const { t } = useTranslation(['validation', 'machines']);
  const { value, onCommit, rules = [], readOnly = false } = props;
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const focused = useRef(false);
  const cancelled = useRef(false);

  useEffect(() => {
    if (!focused.current) {
      setDraft(value);
      setServerError(null);
      setTouched(false);
    }
  }, [value]);

  const problem = firstProblem(draft, rules);
  const clientError = problem ? t(`validation:${problem.key}`, problem.values ?? {}) : null;
  const error = (touched || draft !== value) && clientError ? clientError : serverError;

  async function commit() {
    const next = draft.trim();
    if (readOnly || clientError || next === value.trim()) {
      if (next !== draft && !clientError) setDraft(next);
      return;
    }
    setSaving(true);
    try {
      await onCommit(next);
      setDraft(next);
      setServerError(null);
    } catch (err) {
      if (err instanceof ApiError) {
        const own = err.body?.Errors?.find((e) => e.Field === (props.serverField ?? props.name));
        setServerError(own?.Message ?? err.body?.Message ?? null);
      }
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const input = e.target as HTMLInputElement;
    if (e.key === 'Escape') {
      e.preventDefault();
      cancelled.current = true;
      setDraft(value);
      setServerError(null);
      setTouched(false);
      input.blur();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      input.blur();
    }
  }

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
        setTouched(true);
        void commit();
      }}
      onKeyDown={onKeyDown}
      slotProps={{
        input: {
          readOnly,
          ...(saving
            ? {
                endAdornment: (
                  <InputAdornment position="end">
                    <CircularProgress size={16} aria-label={t('machines:common.saving')} />
                  </InputAdornment>
                ),
              }
            : {}),
        },
        inputLabel: props.type === 'date' ? { shrink: true } : {},
      }}
    />
  );
}
