import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client.ts';
import { firstProblem, textRules } from './rules.ts';

/** A small create dialog asking for a name (machine types have no other field). */
export function NameDialog(props: {
  title: string;
  label: string;
  max: number;
  onClose(): void;
  onSubmit(name: string): Promise<unknown>;
}) {
  const { t } = useTranslation(['pim', 'validation', 'common']);
  const titleId = useId();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problem = firstProblem(name, textRules(props.max, true));
  const error = touched && problem ? t(`validation:${problem.key}`, problem.values ?? {}) : serverError;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setSaving(true);
    try {
      await props.onSubmit(name.trim());
    } catch (err) {
      if (err instanceof ApiError)
        setServerError(err.body?.Errors?.[0]?.Message ?? err.body?.Message ?? null);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            label={props.label}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setServerError(null);
            }}
            onBlur={() => setTouched(true)}
            required
            fullWidth
            autoFocus
            size="small"
            margin="dense"
            autoComplete="off"
            error={!!error}
            helperText={error}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" loading={saving}>
            {t('common.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
