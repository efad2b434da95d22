import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields/DateFields.tsx';
import type { DateFieldProps } from '../../../components/date-fields/date-field-props.ts';

/** A date field's binding (useDateField's answer for it). */
type DateBinding = Omit<DateFieldProps, 'label'>;

/** An agreement's or a contract's start (required) and end dates, side by side from the sm width up. */
export function StartEndDates({ start, end }: { start: DateBinding; end: DateBinding }) {
  const { t } = useTranslation('agreements');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <DateField label={t('fields.startDate')} required fullWidth {...start} />
      <DateField label={t('fields.endDate')} fullWidth {...end} />
    </Stack>
  );
}
