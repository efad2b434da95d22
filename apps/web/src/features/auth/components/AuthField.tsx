import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

type InputProps = Pick<
  OutlinedInputProps,
  'value' | 'onChange' | 'onBlur' | 'type' | 'name' | 'autoComplete' | 'autoFocus' | 'inputRef' | 'inputProps'
>;

/**
 * A full-width outlined text field, put together as MUI's TextField does it (label, input and helper
 * text tied by ids). TextField itself also imports Select with Menu, Popover and Modal, which the
 * sign-in page, the first page a user loads, never shows.
 */
export function AuthField({
  label,
  helperText,
  error,
  required,
  disabled,
  ...input
}: InputProps & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      fullWidth
      required={required}
      error={error}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} fullWidth {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
