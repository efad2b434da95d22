import { DOCUMENT_CATEGORY_IDS, type DocumentItem } from '@fieldport/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/client.ts';

const NAME_MAX = 200;

/** Renames a document and files it under another type; stays open with the server's message on a refusal. */
export function RenameDialog(props: {
  doc: DocumentItem;
  onSave(values: { Name?: string; DocumentTypeCategoryId?: number }): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('documents');
  const titleId = useId();
  const [name, setName] = useState(props.doc.Name);
  const [category, setCategory] = useState(props.doc.DocumentTypeCategoryId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const problem = (value: string) =>
    value.trim() === ''
      ? t('nameRequired')
      : value.length > NAME_MAX
        ? t('nameTooLong', { max: NAME_MAX })
        : null;

  async function save(e: FormEvent) {
    e.preventDefault();
    const wrong = problem(name);
    if (wrong) return setError(wrong);
    const values = {
      ...(name.trim() !== props.doc.Name ? { Name: name.trim() } : {}),
      ...(category !== props.doc.DocumentTypeCategoryId ? { DocumentTypeCategoryId: category } : {}),
    };
    if (Object.keys(values).length === 0) return props.onClose();
    setBusy(true);
    try {
      await props.onSave(values);
      props.onClose();
    } catch (err) {
      const field = err instanceof ApiError ? err.body?.Errors?.find((x) => x.Field === 'Name') : undefined;
      if (field) setError(field.Message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle id={titleId}>{t('renameTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('name')}
              value={name}
              required
              autoFocus
              onChange={(e) => {
                setName(e.target.value.replace(/[\r\n]/g, ''));
                setError(null);
              }}
              error={!!error}
              helperText={error ?? props.doc.FileName}
              slotProps={{ htmlInput: { maxLength: NAME_MAX + 1 } }}
            />
            <TextField
              select
              label={t('uploadType')}
              value={category}
              onChange={(e) => setCategory(Number(e.target.value))}
            >
              {DOCUMENT_CATEGORY_IDS.map((id) => (
                <MenuItem key={id} value={id}>
                  {t(`categories.${id}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
