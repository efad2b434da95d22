import { toLanguage } from '@fieldport/contract';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { enUS, nbNO, svSE, zhCN, zhHK } from '@mui/x-date-pickers/locales';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAYJS_LOCALES, dateFormats } from '../../i18n/dates.ts';
import type { DateFieldProps } from './date-field-props.ts';
import { fromPicker, type PickerKind, toPicker } from './value.ts';

/** MUI X's own texts (the calendar's and the clock's labels) in each language. */
const PICKER_TEXTS = { en: enUS, no: nbNO, sv: svSE, 'zh-CN': zhCN, 'zh-HK': zhHK } as const;

/**
 * The picker behind DateField, TimeField and DateTimeField (loaded lazily). It keeps what is being
 * typed while the value is not a whole date yet (the form gets '' meanwhile), and follows the form
 * when the form's value changes from outside.
 */
export default function Picker({ kind, ...props }: DateFieldProps & { kind: PickerKind }) {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.language);
  const formats = dateFormats(lang);
  const [held, setHeld] = useState(() => ({ value: props.value, picked: toPicker(kind, props.value) }));
  let picked = held.picked;
  if (props.value !== held.value) {
    picked = toPicker(kind, props.value);
    setHeld({ value: props.value, picked });
  }
  const onChange = (d: Dayjs | null) => {
    const value = fromPicker(kind, d);
    setHeld({ value, picked: d });
    if (value !== props.value) props.onChange(value);
  };
  const common = {
    label: props.label,
    value: picked,
    onChange,
    disabled: props.disabled,
    readOnly: props.readOnly,
    name: props.name,
    slotProps: {
      textField: {
        size: props.size ?? 'small',
        fullWidth: props.fullWidth,
        required: props.required,
        error: props.error,
        helperText: props.helperText,
        onBlur: props.onBlur,
        sx: props.sx,
        'data-testid': props.testId,
      },
    },
  };
  const step = props.minutesStep;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={DAYJS_LOCALES[lang]}
      localeText={PICKER_TEXTS[lang].components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {kind === 'date' ? (
        <DatePicker {...common} format={formats.date} />
      ) : kind === 'time' ? (
        <TimePicker {...common} format={formats.time} ampm={false} minutesStep={step} />
      ) : (
        <DateTimePicker {...common} format={formats.dateTime} ampm={false} minutesStep={step} />
      )}
    </LocalizationProvider>
  );
}
