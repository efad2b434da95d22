import { requiredLine } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { showServerErrors, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';

/**
 * A department's fields: its id (the company's own, unique, 001 §5; empty takes the next free one, and
 * fixed once made), name and active state.
 */
const DepartmentFormSchema = z.object({
  Id: z
    .string()
    .trim()
    .regex(/^(?:[1-9]\d{0,8})?$/, 'Must be a valid whole number.'),
  Name: requiredLine(100),
  IsActive: z.boolean(),
});
type DepartmentFormValues = z.input<typeof DepartmentFormSchema>;
type DepartmentFormOutput = z.output<typeof DepartmentFormSchema>;

const FIELDS = new Set(['Id', 'Name', 'IsActive']);

/**
 * A department's form (new and info). The server's refusal (an id or name in use on another
 * department) is shown under its field, any other one above the buttons.
 */
export function DepartmentForm(props: {
  initial: DepartmentFormValues;
  /** The id is typed only when the department is made. */
  idEditable: boolean;
  submitLabel: string;
  onSubmit(values: DepartmentFormOutput): Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['org', 'common']);
  const form = useZodForm(DepartmentFormSchema, props.initial);
  const textField = useTextField(form);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await props.onSubmit(values);
      form.reset(values);
    } catch (err) {
      showServerErrors(form, err, (f) => (FIELDS.has(f) ? (f as keyof DepartmentFormValues) : null));
      setProblem(apiMessage(err) ?? t('common:saveFailed'));
    }
  });
  const id = textField('Id');
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 560 }}>
      <TextField {...textField('Name')} label={t('departments.name')} required autoFocus={props.idEditable} />
      <TextField
        {...id}
        label={t('departments.id')}
        helperText={id.helperText ?? (props.idEditable ? t('departments.idHelp') : t('departments.idFixed'))}
        slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !props.idEditable } }}
      />
      <Controller
        control={form.control}
        name="IsActive"
        render={({ field }) => (
          <FormControlLabel
            control={<Switch checked={field.value} onChange={(_, v) => field.onChange(v)} />}
            label={t('departments.active')}
          />
        )}
      />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {props.onCancel && <Button onClick={props.onCancel}>{t('common:cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {props.submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
