import { QuantityInput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { useMoveStock, useReceiveStock } from '../api/mutations.ts';
import type { Store } from '../api/stock.ts';
import { ArticlePicker, type PickedArticle } from './ArticlePicker.tsx';

const schema = z.object({ Quantity: QuantityInput, Comment: z.string().trim().max(300) });

/**
 * Moving stock out of a store (`to` chosen) or receiving it into one (`to` absent): an article, a
 * quantity above zero with at most three decimals, a comment. The server's refusal shows in the dialog.
 */
export function StockDialog(props: {
  mode: 'move' | 'receive';
  store: Store;
  stores: Store[];
  onClose(): void;
}) {
  const { t } = useTranslation('stock');
  const form = useZodForm(schema, { Quantity: '', Comment: '' });
  const field = useTextField(form);
  const [article, setArticle] = useState<PickedArticle | null>(null);
  const [toStore, setToStore] = useState<number | ''>('');
  const [tried, setTried] = useState(false);
  const move = useMoveStock();
  const receive = useReceiveStock();
  const failure = props.mode === 'move' ? move.error : receive.error;
  const submit = form.handleSubmit(async (v) => {
    if (!article || (props.mode === 'move' && toStore === '')) return;
    const Quantity = String(v.Quantity);
    if (props.mode === 'move')
      await move.mutateAsync({
        FromStoreId: props.store.Id,
        ToStoreId: toStore as number,
        ArticleId: article.Id,
        Quantity,
        Comment: v.Comment,
      });
    else
      await receive.mutateAsync({
        StoreId: props.store.Id,
        ArticleId: article.Id,
        Quantity,
        Comment: v.Comment,
      });
    props.onClose();
  });
  const title =
    props.mode === 'move'
      ? t('moveForm.title', { store: props.store.Name })
      : t('receiveForm.title', { store: props.store.Name });
  return (
    <FormDialog
      title={title}
      submitLabel={props.mode === 'move' ? t('moveForm.submit') : t('receiveForm.submit')}
      cancelLabel={t('cancel')}
      pending={move.isPending || receive.isPending}
      onSubmit={(e) => {
        setTried(true);
        void submit(e).catch(() => undefined);
      }}
      onClose={props.onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {props.mode === 'move' ? (
          <TextField
            select
            required
            label={t('moveForm.to')}
            value={toStore}
            onChange={(e) => setToStore(Number(e.target.value))}
            error={tried && toStore === ''}
          >
            {props.stores
              .filter((s) => s.Id !== props.store.Id && s.IsActive)
              .map((s) => (
                <MenuItem key={s.Id} value={s.Id}>
                  {s.Name}
                </MenuItem>
              ))}
          </TextField>
        ) : null}
        <ArticlePicker value={article} onChange={setArticle} error={tried && !article ? ' ' : undefined} />
        <TextField
          {...field('Quantity')}
          label={t('quantity')}
          required
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField {...field('Comment')} label={t('comment')} />
        {failure ? <Alert severity="error">{apiMessage(failure)}</Alert> : null}
      </Stack>
    </FormDialog>
  );
}
