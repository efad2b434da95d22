import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** What a DateField, TimeField or DateTimeField takes (DateFields.tsx). */
export interface DateFieldProps {
  label: string;
  /** The wire's form: 'YYYY-MM-DD' (date), 'HH:mm' (time), 'YYYY-MM-DDTHH:mm' (date and time); '' for none. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  readOnly?: boolean;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** Minutes offered and typed are rounded to this step (time fields). */
  minutesStep?: number;
  /** The field's test id (on the field's root). */
  testId?: string;
  sx?: SxProps<Theme>;
}
