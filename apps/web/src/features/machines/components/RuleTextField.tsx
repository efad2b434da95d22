import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { type Rule, useRuleMessage } from '../../../lib/forms/rules.ts';

/**
 * A text field of a machine or model form, checked by a shared field rule (lib/forms/rules.ts) with
 * its translated message under it.
 */
export function RuleTextField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  rule: Rule;
  label: string;
  required?: boolean;
}) {
  const check = useRuleMessage();
  return (
    <Controller
      control={props.control}
      name={props.name}
      rules={{ validate: (v: string) => check(props.rule)(v) ?? true }}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={props.label}
          required={props.required}
          size="small"
          autoComplete="off"
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
        />
      )}
    />
  );
}
