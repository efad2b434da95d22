import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { QueryClientContext } from '@tanstack/react-query';
import { type KeyboardEvent, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage, isStaleRecord } from '../../lib/api/api-message.ts';
import type { FieldCheck } from '../../lib/forms/rules.ts';
import { DateField } from '../date-fields/DateFields.tsx';

export interface CommitFieldProps {
  label: string;
  /** The saved value. */
  value: string;
  /** Saves a changed, valid value (trimmed); a rejection keeps the typed text and shows why under it. */
  onCommit(next: string): Promise<unknown>;
  /** The translated message of the value's first problem, or null when it is fine (`useRuleMessage`). */
  validate?: FieldCheck;
  required?: boolean;
  readOnly?: boolean;
  /** Read-only with this reason, told by a lock icon (the ERP's refusal text or the missing permission). */
  lockReason?: string | null;
  /** The wire name: the input's name, and the field whose message is picked out of a refusal. */
  name?: string;
  /** 'date': a DateField (decision 081) in the user's language's form; a date typed in part is not saved. */
  type?: 'text' | 'email' | 'tel' | 'date';
  inputMode?: 'text' | 'email' | 'tel' | 'decimal' | 'numeric';
  autoComplete?: string;
  helperText?: string;
  /**
   * The record's RowVersion (decision 026). A save refused because the record changed since it was read
   * (409) reads the record again and waits for it: when this field was changed, the sync warning offers
   * their value or the user's; when another field was, the user's value is saved again on the new version.
   */
  version?: number | undefined;
}

const same = (a: string, b: string) => a.trim() === b.trim();

/**
 * A text input of an edit form (001 §5): commits on blur only when the text changed and has no error;
 * Escape puts the saved value back, Enter leaves the field (and so commits). Required inputs show the
 * asterisk. A new saved value from outside (a live event's refetch) replaces the text unless the user
 * has changed it: then nothing is overwritten and nothing saved over the other change; a warning
 * under the field (000 §8 'Sync warning') offers their value or the user's, which is then saved
 * against the record as it now is (the caller's `onCommit` holds the new row version).
 */
export function CommitField(props: CommitFieldProps) {
  const { t } = useTranslation('common');
  const { t: tShell } = useTranslation('shell');
  const { value, validate, onCommit } = props;
  const queryClient = useContext(QueryClientContext);
  const [draft, setDraftState] = useState(value);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The saved value changed by someone else while the user's text differed from it. */
  const [theirs, setTheirsState] = useState<string | null>(null);
  const focused = useRef(false);
  // Escape blurs the input too: that blur must not commit.
  const cancelled = useRef(false);
  /** The saved value the user's editing started from. */
  const base = useRef(value);
  const draftRef = useRef(value);
  const theirsRef = useRef<string | null>(null);
  /** A save refused as stale (409): waiting for the record read again. */
  const stale = useRef(false);
  /** A save made again after a stale refusal is not made a third time. */
  const again = useRef(false);
  /** A date field holding a date typed only in part: left so, it is not saved (as empty) but told. */
  const partial = useRef(false);
  const [partialShown, setPartialShown] = useState(false);
  /** Escape in a date field starts its picker afresh (a date typed in part is not the field's value). */
  const [round, setRound] = useState(0);
  const setDraft = (next: string) => {
    draftRef.current = next;
    setDraftState(next);
  };
  const setTheirs = (next: string | null) => {
    theirsRef.current = next;
    setTheirsState(next);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the saved value or version changes only; the rest is read from refs.
  useEffect(() => {
    if (stale.current) {
      // The record as it now is, after a save refused as stale (409).
      stale.current = false;
      setServerError(null);
      if (same(draftRef.current, value)) {
        base.current = value;
        return;
      }
      if (!same(value, base.current)) {
        // Someone else changed this very field: the sync warning decides (000 §8).
        setTheirs(value);
        return;
      }
      // Someone else changed another field: the user's value is saved on the record as it now is.
      again.current = true;
      void commit().finally(() => {
        again.current = false;
      });
      return;
    }
    const editing = focused.current || theirsRef.current !== null;
    const untouched = same(draftRef.current, base.current) || same(draftRef.current, value);
    if (!editing || untouched) {
      // Not being edited, or the user's text is what was saved or what now is: take the new value.
      if (!focused.current || !same(draftRef.current, value)) setDraft(value);
      base.current = value;
      setTheirs(null);
      setServerError(null);
      return;
    }
    if (!same(value, base.current)) setTheirs(value);
  }, [value, props.version]);

  const locked = !!props.readOnly || !!props.lockReason;
  // A saved value is not judged: only what the user typed.
  const problem = draft !== value ? (validate?.(draft) ?? null) : null;
  const error = problem ?? serverError ?? (partialShown ? t('dateIncomplete') : null);

  function takeTheirs() {
    if (theirs === null) return;
    base.current = theirs;
    setDraft(theirs);
    setTheirs(null);
    setServerError(null);
  }

  function keepMine() {
    base.current = value;
    setTheirs(null);
    void commit();
  }

  async function commit() {
    if (partial.current) {
      setPartialShown(true);
      return;
    }
    const next = draftRef.current.trim();
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
      if (isStaleRecord(err) && !again.current && queryClient) {
        // Read the record again (the effect above takes it from there); the message shows meanwhile.
        stale.current = true;
        void queryClient.invalidateQueries({ type: 'active' });
      }
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
      base.current = value;
      setTheirs(null);
      setServerError(null);
      if (props.type === 'date') {
        partial.current = false;
        setPartialShown(false);
        setRound((r) => r + 1);
      }
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

  const warning =
    theirs !== null ? (
      <Alert
        severity="warning"
        data-testid="sync-warning"
        sx={{ mt: 0.5, py: 0, alignItems: 'center' }}
        action={
          <>
            <Button color="inherit" size="small" onClick={takeTheirs}>
              {tShell('syncWarning.useTheirs')}
            </Button>
            <Button color="inherit" size="small" onClick={keepMine}>
              {tShell('syncWarning.keepMine')}
            </Button>
          </>
        }
      >
        {theirs.trim() === ''
          ? tShell('syncWarning.cleared')
          : tShell('syncWarning.changed', { value: theirs })}
      </Alert>
    ) : null;

  const onFocus = () => {
    focused.current = true;
    cancelled.current = false;
  };
  const onLeave = () => {
    focused.current = false;
    if (cancelled.current) {
      cancelled.current = false;
      return;
    }
    // Someone else changed the value meanwhile: the warning's choice decides, not the blur.
    if (theirsRef.current !== null) return;
    if (!locked) void commit();
  };

  if (props.type === 'date')
    // The date in the user's language's form (decision 081), saved when the focus leaves the whole
    // field (not when it moves between the day, month and year).
    return (
      <Box
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={(e) => {
          if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
          // The picker hands over no value until a date is whole: the field's text tells a part typed.
          const shown = e.currentTarget.querySelector('input')?.value ?? '';
          partial.current = draftRef.current === '' && shown !== '';
          onLeave();
        }}
      >
        <DateField
          key={round}
          label={props.label}
          name={props.name}
          value={draft}
          required={props.required}
          readOnly={locked}
          fullWidth
          size="small"
          error={!!error && theirs === null}
          // The date field has no lock icon: a lock's reason is told under it instead.
          helperText={
            theirs === null ? (error ?? props.helperText ?? props.lockReason ?? undefined) : undefined
          }
          onChange={(next) => {
            setDraft(next);
            setServerError(null);
            if (next !== '') setPartialShown(false);
          }}
        />
        {warning}
      </Box>
    );

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
      error={!!error && theirs === null}
      helperText={warning ?? error ?? props.helperText}
      onChange={(e) => {
        setDraft(e.target.value);
        setServerError(null);
      }}
      onFocus={onFocus}
      onBlur={onLeave}
      onKeyDown={onKeyDown}
      slotProps={{
        input: { readOnly: locked, endAdornment: adornment },
        htmlInput: { inputMode: props.inputMode, 'aria-readonly': locked || undefined },
        formHelperText: theirs !== null ? { component: 'div' } : {},
      }}
    />
  );
}
