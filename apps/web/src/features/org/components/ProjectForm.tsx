import { line, requiredLine } from '@fieldport/contract';
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

/** The project's fields with the contract's rules (ProjectInput): a name is needed, unique on the server. */
const ProjectFormSchema = z.object({
  Name: requiredLine(200),
  Description: line(500),
  IsActive: z.boolean(),
});
export type ProjectFormValues = z.output<typeof ProjectFormSchema>;

const FIELDS = new Set(['Name', 'Description', 'IsActive']);

/**
 * A project's form (new and info): name, description, active. The server's refusal (a name in use on
 * another project) is shown under its field, any other one above the buttons.
 */
export function ProjectForm(props: {
  initial: ProjectFormValues;
  submitLabel: string;
  onSubmit(values: ProjectFormValues): Promise<unknown>;
  onCancel?: () => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation(['org', 'common']);
  const form = useZodForm(ProjectFormSchema, props.initial);
  const textField = useTextField(form);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await props.onSubmit(values);
      form.reset(values);
    } catch (err) {
      showServerErrors(form, err, (f) => (FIELDS.has(f) ? (f as keyof ProjectFormValues) : null));
      setProblem(apiMessage(err) ?? t('common:saveFailed'));
    }
  });
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 560 }}>
      <TextField
        {...textField('Name')}
        label={t('projects.name')}
        required
        autoFocus
        slotProps={{ input: { readOnly: props.readOnly ?? false } }}
      />
      <TextField
        {...textField('Description')}
        label={t('projects.description')}
        slotProps={{ input: { readOnly: props.readOnly ?? false } }}
      />
      <Controller
        control={form.control}
        name="IsActive"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                disabled={props.readOnly ?? false}
                onChange={(_, v) => field.onChange(v)}
              />
            }
            label={t('projects.active')}
          />
        )}
      />
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {!props.readOnly && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {props.onCancel && <Button onClick={props.onCancel}>{t('common:cancel')}</Button>}
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {props.submitLabel}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
