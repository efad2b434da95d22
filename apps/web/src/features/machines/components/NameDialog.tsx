import { requiredLine } from '@fieldport/contract';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';

/** A small create dialog asking for a name (machine types have no other field). */
export function NameDialog(props: {
  title: string;
  label: string;
  max: number;
  onClose(): void;
  onSubmit(name: string): Promise<unknown>;
}) {
  const { t } = useTranslation(['pim', 'validation', 'common']);
  const form = useZodForm(z.object({ Name: requiredLine(props.max) }), { Name: '' });
  const textField = useTextField(form);

  const submit = form.handleSubmit(async ({ Name }) => {
    try {
      await props.onSubmit(Name);
    } catch (err) {
      const message = apiMessage(err);
      if (message) form.setError('Name', { type: 'server', message });
    }
  });

  return (
    <FormDialog
      title={props.title}
      submitLabel={t('common.create')}
      maxWidth="xs"
      pending={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <TextField
        {...textField('Name')}
        label={props.label}
        required
        fullWidth
        autoFocus
        size="small"
        margin="dense"
        autoComplete="off"
      />
    </FormDialog>
  );
}
