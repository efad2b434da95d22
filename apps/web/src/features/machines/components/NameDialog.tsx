import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { rules, useRuleMessage } from '../../../lib/forms/rules.ts';

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
  const check = useRuleMessage();
  const problem = check(rules.text(props.max, { required: true }))(name);
  const error = touched && problem ? problem : serverError;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    setSaving(true);
    try {
      await props.onSubmit(name.trim());
    } catch (err) {
      setServerError(apiMessage(err));
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
