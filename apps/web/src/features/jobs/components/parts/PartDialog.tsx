import { line, MoneyInput, PercentInput, QuantityInput } from '@fieldport/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../../lib/api/client.ts';
import { useTextField, useZodForm } from '../../../../lib/forms/zod-form.ts';
import type { PartAddInput, PartChangeInput } from '../../../../lib/outbox/inputs.ts';
import { lineLabel } from '../../../../lib/outbox/labels.ts';
import { CommandRefused } from '../../../../lib/outbox/state.ts';
import { useSession } from '../../../../lib/session.tsx';
import type { Job } from '../../api/jobs.ts';
import { type PartLookup, type StoreStock, useAddPart, useJobPart, useUpdatePart } from '../../api/parts.ts';
import { previewAmount } from '../invoice/EditLineDialog.tsx';
import { ArticleLookup } from './ArticleLookup.tsx';
import { useOrderFormat } from './format.ts';
import { LineDialog, useCloseLineDialog, useCommandToEdit, useLineSave } from './LineDialog.tsx';

const PART_KINDS = ['partAdd', 'partChange'] as const;

const partForm = z.object({
  Description: line(300),
  Quantity: QuantityInput,
  UnitPrice: MoneyInput,
  DiscountPercent: PercentInput,
});

/** The store a part is taken from by default: the technician's own van when it has the article. */
function defaultStore(stock: StoreStock[], userId: number | undefined): number | '' {
  const van = stock.find((s) => s.StoreType === 2 && s.UserId === userId && s.Quantity > 0);
  return van?.StoreId ?? '';
}

const wireField = (name: string) =>
  (['Description', 'Quantity', 'UnitPrice', 'DiscountPercent'] as const).find((f) => f === name) ?? null;

/**
 * Adding a part to a machine job (route addpart/:machineJobId) or changing one (editpart/
 * :machineJobId/:partId): the article looked up by its number, the store it is taken from (the
 * technician's own van by default when it has stock), quantity, price (the customer's by default) and
 * discount, with the amount previewed. A stock refusal (409) shows the server's message in the dialog.
 * The write is a command of the outbox (decision 095): the van's stock moves once, on the server, when
 * it arrives; a refused one is corrected here (`?command=` its key) and sent again in its place.
 */
export function PartDialog({
  job,
  machineJobId,
  lineId,
}: {
  job: Job;
  machineJobId: number;
  lineId: number | null;
}) {
  const { t } = useTranslation('orders');
  const f = useOrderFormat();
  const { info } = useSession();
  const me = info?.UserInfo.Id;
  const existing = useJobPart(job.Id, lineId);
  const add = useAddPart(job.Id);
  const update = useUpdatePart(job.Id);
  const [article, setArticle] = useState<PartLookup | null>(null);
  const [storeId, setStoreId] = useState<number | ''>('');
  const [articleError, setArticleError] = useState<string | undefined>();
  const [storeError, setStoreError] = useState<string | undefined>();
  const form = useZodForm(partForm, { Description: '', Quantity: '1', UnitPrice: '', DiscountPercent: '0' });
  const field = useTextField(form);
  const sub = job.InverseParent.find((s) => s.Id === machineJobId);
  const close = useCloseLineDialog();
  const { refusal, run, show } = useLineSave(form, wireField, close);
  // A refused command puts its values in the form, with the server's messages.
  const edit = useCommandToEdit(job.Id, PART_KINDS, (command) => {
    const body = (command.input as PartAddInput | PartChangeInput).body;
    form.reset({
      Description: body.Description ?? '',
      Quantity: String(body.Quantity ?? ''),
      UnitPrice: body.UnitPrice === undefined ? '' : String(body.UnitPrice),
      DiscountPercent: body.DiscountPercent === undefined ? '0' : String(body.DiscountPercent),
    });
    setStoreId(body.StoreId ?? '');
    const refused = new CommandRefused(command, true);
    show(refused);
    for (const fe of refused.body?.Errors ?? []) {
      if (fe.Field === 'StoreId') setStoreError(fe.Message);
      if (fe.Field === 'ArticleNumber') setArticleError(fe.Message);
    }
  });
  const first = edit.first;

  const editing = lineId !== null;
  const line0 = existing.data;
  const onArticle = useCallback(
    (found: PartLookup | null) => {
      setArticle(found);
      setArticleError(undefined);
      if (!found) return;
      if (editing) {
        setStoreId((s) => (s === '' ? (line0?.StoreId ?? '') : s));
        return;
      }
      // A refused command keeps its own store and values.
      if (first) {
        setStoreId((s) => (s === '' ? defaultStore(found.Stock, me) : s));
        return;
      }
      setStoreId(defaultStore(found.Stock, me));
      form.setValue('Description', found.Name);
      form.setValue('UnitPrice', String(found.UnitPrice));
      form.setValue('DiscountPercent', String(found.DiscountPercent));
      // A common part of the machine's model comes in the quantity its list names, unless one is typed.
      if (found.CommonPartQuantity !== null && !form.getFieldState('Quantity').isDirty)
        form.setValue('Quantity', String(found.CommonPartQuantity));
    },
    [editing, line0?.StoreId, me, form, first],
  );

  // The line read puts its values in the form and chooses its store.
  useEffect(() => {
    if (!line0 || first) return;
    form.reset({
      Description: line0.Description,
      Quantity: String(line0.Quantity),
      UnitPrice: String(line0.UnitPrice),
      DiscountPercent: String(line0.DiscountPercent),
    });
    setStoreId(line0.StoreId ?? '');
  }, [line0, form, first]);

  const values = form.watch();
  const amount = previewAmount(
    {
      Quantity: String(values.Quantity),
      UnitPrice: String(values.UnitPrice),
      DiscountPercent: String(values.DiscountPercent),
    },
    article?.VatPercent ?? line0?.VatPercent ?? 0,
  );
  const busy = add.isPending || update.isPending || edit.busy;

  const save = form.handleSubmit(async (v) => {
    if (!editing && !article) {
      setArticleError(t('partForm.chooseArticle'));
      return;
    }
    const StoreId = storeId === '' ? null : storeId;
    setStoreError(undefined);
    const label = lineLabel({
      Quantity: v.Quantity,
      Unit: article?.Unit ?? line0?.Unit ?? '',
      ArticleNumber: article?.ArticleNumber ?? line0?.ArticleNumber ?? '',
      Description: v.Description,
    });
    const write = () => {
      const command = edit.command;
      if (command) {
        const input = editing
          ? { jobId: job.Id, body: { Id: (command.input as PartChangeInput).body.Id, ...v, StoreId } }
          : {
              jobId: job.Id,
              body: { JobId: machineJobId, ArticleNumber: article!.ArticleNumber, ...v, StoreId },
            };
        return edit.send({ input, label });
      }
      return editing && line0
        ? update.mutateAsync({ body: { Id: line0.Id, ...v, StoreId }, rowVersion: line0.RowVersion, label })
        : add.mutateAsync({
            body: { JobId: machineJobId, ArticleNumber: article!.ArticleNumber, ...v, StoreId },
            label,
          });
    };
    await run(async () => {
      try {
        await write();
      } catch (err) {
        // The article and the store are not fields of the form: their refusals go under them too.
        if (err instanceof ApiError)
          for (const fe of err.body?.Errors ?? []) {
            if (fe.Field === 'StoreId') setStoreError(fe.Message);
            if (fe.Field === 'ArticleNumber') setArticleError(fe.Message);
          }
        throw err;
      }
    });
  });

  const stock = article?.Stock ?? [];
  const quantity = field('Quantity');
  const needsStore = article ? article.IsStockItem : (line0?.StoreId ?? null) !== null;
  return (
    <LineDialog
      kind="part"
      title={editing ? t('partForm.editTitle') : t('partForm.addTitle')}
      job={job}
      machineJobId={machineJobId}
      loading={editing && !line0 && !first}
      refusal={refusal}
      busy={busy}
      onSubmit={save}
      onClose={close}
    >
      <ArticleLookup
        key={line0?.Id ?? 'new'}
        jobId={job.Id}
        machineJobId={machineJobId}
        customerId={job.CustomerId}
        machineId={sub?.MachineId ?? null}
        initial={
          line0?.ArticleNumber ?? (first ? (first.input as PartAddInput).body.ArticleNumber : undefined)
        }
        fixed={editing}
        onArticle={onArticle}
        error={articleError}
      />
      <TextField label={t('partForm.description')} {...field('Description')} />
      {needsStore && (
        <TextField
          select
          required
          label={t('partForm.store')}
          value={storeId}
          onChange={(e) => {
            setStoreError(undefined);
            setStoreId(e.target.value === '' ? '' : Number(e.target.value));
          }}
          error={!!storeError}
          helperText={storeError ?? (article && stock.length === 0 ? t('partForm.noStock') : undefined)}
          slotProps={{ htmlInput: { 'data-testid': 'part-store' } }}
        >
          {stock.map((s) => (
            <MenuItem key={s.StoreId} value={s.StoreId}>
              {t('partForm.stock', { store: s.StoreName, count: f.quantity(s.Quantity) })}
            </MenuItem>
          ))}
          {line0?.StoreId && !stock.some((s) => s.StoreId === line0.StoreId) && (
            <MenuItem value={line0.StoreId}>{line0.StoreName}</MenuItem>
          )}
        </TextField>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('partForm.quantity')}
          fullWidth
          required
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'part-quantity' } }}
          {...quantity}
          helperText={
            quantity.helperText ??
            (article?.CommonPartQuantity != null
              ? t('partForm.commonPart', { quantity: f.quantity(article.CommonPartQuantity) })
              : undefined)
          }
        />
        <TextField
          label={t('partForm.unitPrice')}
          fullWidth
          required
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'part-price' } }}
          {...field('UnitPrice')}
        />
        <TextField
          label={t('partForm.discount')}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'part-discount' } }}
          {...field('DiscountPercent')}
        />
      </Stack>
      {amount !== null && (
        <Typography color="text.secondary" aria-live="polite">
          {t('partForm.amountPreview', { amount: f.money(amount) })}
        </Typography>
      )}
    </LineDialog>
  );
}
