import { FAULT_REPORT_MAX_LENGTH } from '@fieldport/contract';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProblem, useTextField } from '../../lib/forms/zod-form.ts';

/** The fields every fault report has, by their wire names. */
export interface FaultFieldValues extends FieldValues {
  Description: string;
  // A number; unknown where a multipart form coerces it (the label's).
  JobPriorityId: unknown;
}

/** The priority a fault report starts at when the company has it: Normal (reference data). */
const NORMAL_PRIORITY = 3;

/** Normal when the company has it, else its first priority. */
export const startingPriority = (priorities: readonly { Id: number }[]): number =>
  priorities.some((p) => p.Id === NORMAL_PRIORITY) ? NORMAL_PRIORITY : (priorities[0]?.Id ?? NORMAL_PRIORITY);

/**
 * What is wrong and how urgent: the two fields of a fault report, the same in the customer portal's form
 * (decision 068) and on the QR label's public page (decision 070), which add their own around them.
 */
export function FaultFields<T extends FaultFieldValues>(props: {
  form: UseFormReturn<T, unknown, FieldValues>;
  priorities: readonly { Id: number; Name: string }[];
}) {
  const { t } = useTranslation('portal');
  const field = useTextField(props.form);
  const problem = useFieldProblem(props.form);
  const list = props.priorities;
  const urgency = 'JobPriorityId' as Path<T>;
  return (
    <>
      <TextField
        {...field('Description' as Path<T>)}
        label={t('fault.description')}
        required
        multiline
        minRows={4}
        slotProps={{ htmlInput: { maxLength: FAULT_REPORT_MAX_LENGTH } }}
      />
      <Controller
        control={props.form.control}
        name={urgency}
        render={({ field: f }) => (
          <TextField
            select
            required
            label={t('fault.urgency')}
            value={list.some((p) => p.Id === Number(f.value)) ? Number(f.value) : ''}
            onChange={(e) => f.onChange(Number(e.target.value))}
            onBlur={f.onBlur}
            inputRef={f.ref}
            error={!!problem(urgency)}
            helperText={problem(urgency)}
            sx={{ maxWidth: { sm: 320 } }}
          >
            {list.map((p) => (
              <MenuItem key={p.Id} value={p.Id}>
                {p.Name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}
