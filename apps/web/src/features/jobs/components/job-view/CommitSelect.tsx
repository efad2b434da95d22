import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../../lib/api/api-message.ts';

export interface SelectOption {
  Id: number;
  Name: string;
}

/**
 * A select of the job view that saves as soon as another choice is made (001 §5: no save button). While
 * it saves it shows a spinner; a refusal shows the server's message under it (for a conflict: the job
 * changed since it was read) and the saved value stays chosen.
 */
export function CommitSelect(props: {
  id: string;
  label: string;
  value: number | null;
  options: SelectOption[] | undefined;
  onCommit(next: number | null): Promise<unknown>;
  required?: boolean;
  noneLabel?: string;
  readOnly?: boolean;
  helperText?: ReactNode;
  field?: string;
}) {
  const { t } = useTranslation('common');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const options = props.options ?? [];
  const known = props.value !== null && options.some((o) => o.Id === props.value);
  const change = async (raw: string) => {
    const next = raw === '' ? null : Number(raw);
    if (next === props.value) return;
    setSaving(true);
    setProblem(null);
    try {
      await props.onCommit(next);
    } catch (err) {
      setProblem(apiMessage(err, props.field) ?? t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <TextField
      select
      fullWidth
      id={props.id}
      label={props.label}
      required={props.required ?? false}
      value={known ? String(props.value) : ''}
      onChange={(e) => void change(e.target.value)}
      disabled={saving}
      error={!!problem}
      helperText={problem ?? props.helperText}
      slotProps={{
        select: { readOnly: props.readOnly ?? false },
        // The job has a value while its choices still load: the label stands above from the start,
        // not over the value's name when it comes (issue 35).
        ...(props.value !== null ? { inputLabel: { shrink: true } } : {}),
        input: saving
          ? {
              endAdornment: (
                <InputAdornment position="end" sx={{ mr: 3 }}>
                  <CircularProgress size={16} aria-label={t('saving')} />
                </InputAdornment>
              ),
            }
          : {},
      }}
    >
      {props.required ? null : (
        <MenuItem value="">
          <em>{props.noneLabel}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.Id} value={String(o.Id)}>
          {o.Name}
        </MenuItem>
      ))}
    </TextField>
  );
}
