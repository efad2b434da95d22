import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../lib/api/api-message.ts';
import type { FieldCheck } from '../../../lib/forms/rules.ts';

/** A row of inputs that adds a record: checked before sending, the server's refusal shown under it. */
export function AddRow(props: {
  fields: { name: string; label: string; rule: FieldCheck; width?: number }[];
  button: string;
  onAdd(values: Record<string, string>): Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const empty = Object.fromEntries(props.fields.map((f) => [f.name, '']));
  const [values, setValues] = useState<Record<string, string>>(empty);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problems = Object.fromEntries(props.fields.map((f) => [f.name, f.rule(values[f.name] ?? '')]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    setSaving(true);
    setServerError(null);
    const sent = values;
    try {
      await props.onAdd(Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, v.trim()])));
      // Emptied only if nobody typed the next one meanwhile (the list reloads before this resolves).
      setValues((now) => (now === sent ? empty : now));
      setTouched(false);
    } catch (err) {
      setServerError(apiMessage(err) || t('saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      onSubmit={submit}
      noValidate
      sx={{ mb: 2 }}
    >
      {props.fields.map((f, i) => (
        <TextField
          key={f.name}
          name={f.name}
          label={f.label}
          size="small"
          value={values[f.name]}
          onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          error={(touched && !!problems[f.name]) || (i === 0 && !!serverError)}
          helperText={(touched && problems[f.name]) || (i === 0 ? serverError : null) || ' '}
          sx={{ width: { xs: '100%', sm: f.width ?? 280 } }}
        />
      ))}
      <Button
        type="submit"
        variant="outlined"
        startIcon={<Add />}
        disabled={saving}
        sx={{ alignSelf: 'flex-start', mt: 0.25 }}
      >
        {props.button}
      </Button>
    </Stack>
  );
}
