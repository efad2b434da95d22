import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A date field's registration (useTextField's answer for it). */
type DateField = Pick<TextFieldProps, 'name' | 'onChange' | 'onBlur' | 'inputRef' | 'error' | 'helperText'>;

/** An agreement's or a contract's start (required) and end dates, side by side from the sm width up. */
export function StartEndDates({ start, end }: { start: DateField; end: DateField }) {
  const { t } = useTranslation('agreements');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        type="date"
        label={t('fields.startDate')}
        required
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
        {...start}
      />
      <TextField
        type="date"
        label={t('fields.endDate')}
        fullWidth
        slotProps={{ inputLabel: { shrink: true } }}
        {...end}
      />
    </Stack>
  );
}

/** A form dialog's Cancel and its submit, Save (busy while the save is under way). */
export function CancelSaveActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const { t } = useTranslation('common');
  return (
    <DialogActions>
      <Button onClick={onCancel}>{t('cancel')}</Button>
      <Button type="submit" variant="contained" loading={saving}>
        {t('save')}
      </Button>
    </DialogActions>
  );
}
