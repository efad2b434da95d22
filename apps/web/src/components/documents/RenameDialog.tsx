import { DOCUMENT_CATEGORY_IDS, type DocumentItem } from '@fieldport/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showServerErrors, useTextField, useZodForm } from '../../lib/forms/zod-form.ts';
import { FormDialog } from '../form-dialog/index.ts';

const NAME_MAX = 200;

/** Renames a document and files it under another type; stays open with the server's message on a refusal. */
export function RenameDialog(props: {
  doc: DocumentItem;
  onSave(values: { Name?: string; DocumentTypeCategoryId?: number }): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('documents');
  const schema = useMemo(
    () =>
      z.object({
        Name: z
          .string()
          .trim()
          .min(1, t('nameRequired'))
          .max(NAME_MAX, t('nameTooLong', { max: NAME_MAX })),
        Category: z.number(),
      }),
    [t],
  );
  const form = useZodForm(schema, { Name: props.doc.Name, Category: props.doc.DocumentTypeCategoryId });
  const textField = useTextField(form);
  const name = textField('Name', { setValueAs: (v: string) => v.replace(/[\r\n]/g, '') });

  const submit = form.handleSubmit(async ({ Name, Category }) => {
    const values = {
      ...(Name !== props.doc.Name ? { Name } : {}),
      ...(Category !== props.doc.DocumentTypeCategoryId ? { DocumentTypeCategoryId: Category } : {}),
    };
    if (Object.keys(values).length === 0) return props.onClose();
    try {
      await props.onSave(values);
      props.onClose();
    } catch (err) {
      showServerErrors(form, err, (field) => (field === 'Name' ? 'Name' : null));
    }
  });

  return (
    <FormDialog
      title={t('renameTitle')}
      submitLabel={t('save')}
      cancelLabel={t('cancel')}
      maxWidth="xs"
      pending={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          {...name}
          label={t('name')}
          required
          autoFocus
          helperText={name.helperText ?? props.doc.FileName}
          slotProps={{ htmlInput: { maxLength: NAME_MAX + 1 } }}
        />
        <TextField
          select
          label={t('uploadType')}
          value={form.watch('Category')}
          onChange={(e) => form.setValue('Category', Number(e.target.value), { shouldDirty: true })}
        >
          {DOCUMENT_CATEGORY_IDS.map((id) => (
            <MenuItem key={id} value={id}>
              {t(`categories.${id}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
