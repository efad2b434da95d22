import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './date-field-props.ts';
import type { PickerKind } from './value.ts';

const Picker = lazy(() => import('./Picker.tsx'));

function Field(props: DateFieldProps & { kind: PickerKind }) {
  const placeholder = (
    <TextField
      label={props.label}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth}
      required={props.required}
      disabled
      sx={props.sx}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <Picker {...props} />
    </Suspense>
  );
}

/**
 * The app's date, time and date-and-time inputs (issue 35.9): MUI X pickers that write and read the
 * user's language's form (i18n/dates.ts's formats, the 24-hour clock), not the browser's as a native
 * `type="date"` input does. The pickers load with the first form that shows one, never with the
 * landing; until then a disabled field of the same size holds their place.
 */
export const DateField = (props: DateFieldProps) => <Field kind="date" {...props} />;
export const TimeField = (props: DateFieldProps) => <Field kind="time" {...props} />;
export const DateTimeField = (props: DateFieldProps) => <Field kind="dateTime" {...props} />;
