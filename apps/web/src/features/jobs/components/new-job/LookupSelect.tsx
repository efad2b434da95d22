import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export interface LookupOption {
  Id: number;
  Name: string;
}

/**
 * A select over a lookup list, bound to a form field holding an id or null. Required ones have no
 * empty choice; others offer `noneLabel`. The field's problem (translated) shows under it.
 */
export function LookupSelect<T extends FieldValues, O extends FieldValues>(props: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  options: LookupOption[] | undefined;
  required?: boolean;
  noneLabel?: string;
  problem?: string | undefined;
  helperText?: string | undefined;
  id: string;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => {
        const value = field.value as number | null | undefined;
        const known = value != null && (props.options ?? []).some((o) => o.Id === value);
        return (
          <TextField
            select
            fullWidth
            id={props.id}
            label={props.label}
            required={props.required ?? false}
            name={field.name}
            inputRef={field.ref}
            value={known ? String(value) : ''}
            onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
            onBlur={field.onBlur}
            error={!!props.problem}
            helperText={props.problem ?? props.helperText}
          >
            {props.required ? null : (
              <MenuItem value="">
                <em>{props.noneLabel}</em>
              </MenuItem>
            )}
            {(props.options ?? []).map((o) => (
              <MenuItem key={o.Id} value={String(o.Id)}>
                {o.Name}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
