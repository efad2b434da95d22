import { ArticleInput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../../components/feedback/index.ts';
import { type Picked, SupplierPicker } from '../../../components/ref-pickers/index.ts';
import { useUnitText } from '../../../components/units/use-unit-text.ts';
import { showServerErrors, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCan } from '../../../lib/use-can.ts';
import { type ArticleDetail, useArticle, useSaveArticle } from '../api.ts';
import { ArticleImage } from '../components/ArticleImage.tsx';

const UNITS = ['pcs', 'h', 'l', 'm', 'kg', 'set'] as const;

type Values = {
  ArticleNumber: string;
  Name: string;
  Description: string;
  Unit: string;
  CostPrice: string;
  SalesPrice: string;
  VatPercent: string;
  IsTimeArticle: boolean;
  IsStockItem: boolean;
  SupplierId: number | null;
  SupplierArticleNumber: string;
  Ean: string;
  IsActive: boolean;
};

const valuesOf = (a: ArticleDetail | undefined): Values => ({
  ArticleNumber: a?.ArticleNumber ?? '',
  Name: a?.Name ?? '',
  Description: a?.Description ?? '',
  Unit: a?.Unit ?? 'pcs',
  CostPrice: a ? a.CostPrice.toFixed(2) : '0.00',
  SalesPrice: a ? a.SalesPrice.toFixed(2) : '0.00',
  VatPercent: a ? String(a.VatPercent) : '25',
  IsTimeArticle: a?.IsTimeArticle ?? false,
  IsStockItem: a?.IsStockItem ?? true,
  SupplierId: a?.SupplierId ?? null,
  SupplierArticleNumber: a?.SupplierArticleNumber ?? '',
  Ean: a?.Ean ?? '',
  IsActive: a?.IsActive ?? true,
});

/**
 * The article form: every field of the contract's ArticleInput (the supplier chosen in the supplier
 * picker), the image, saved as multipart; a stored image can be removed (RemoveImage).
 */
function ArticleForm(props: { article?: ArticleDetail }) {
  const { t } = useTranslation('articles');
  const navigate = useNavigate();
  const canEdit = useCan('Module.Admin');
  const save = useSaveArticle();
  const form = useZodForm(ArticleInput, valuesOf(props.article));
  const field = useTextField(form);
  const [image, setImage] = useState<File | null>(null);
  const [supplier, setSupplier] = useState<Picked | null>(props.article?.Supplier ?? null);
  const confirm = useConfirm();
  const readOnly = !canEdit;
  const removeImage = async (article: ArticleDetail) => {
    const ok = await confirm({
      title: t('image.removeTitle'),
      message: t('image.removeMessage', { name: article.Name }),
      confirmText: t('image.remove'),
      cancelText: t('cancel'),
    });
    if (ok)
      await save
        .mutateAsync({
          change: { Article: { Id: article.Id, RemoveImage: true, RowVersion: article.RowVersion } },
        })
        .catch(() => undefined);
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const file = image ? { ImageFile: image } : {};
      const saved = props.article
        ? await save.mutateAsync({
            change: {
              Article: { ...v, Id: props.article.Id, RowVersion: props.article.RowVersion },
              ...file,
            },
          })
        : await save.mutateAsync({ create: { Article: v, ...file } });
      setImage(null);
      if (!props.article || saved.ArticleNumber !== props.article.ArticleNumber)
        navigate(
          pathFor('ViewArticleInfo', { articleId: String(saved.Id), articleNumber: saved.ArticleNumber }),
        );
    } catch (err) {
      showServerErrors(form, err, (name) => (name in v ? (name as keyof Values) : null));
    }
  });
  const text = (name: keyof Values, extra: object = {}) => (
    <TextField
      {...field(name)}
      label={t(`fields.${name.charAt(0).toLowerCase()}${name.slice(1)}`)}
      size="small"
      disabled={readOnly}
      {...extra}
    />
  );
  const flag = (name: 'IsTimeArticle' | 'IsStockItem' | 'IsActive') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <FormControlLabel
          control={
            <Switch checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)} disabled={readOnly} />
          }
          label={t(`fields.${name.charAt(0).toLowerCase()}${name.slice(1)}`)}
        />
      )}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 800 }}
    >
      {text('ArticleNumber', { required: true })}
      {text('Name', { required: true })}
      <Box sx={{ gridColumn: '1 / -1' }}>{text('Description', { fullWidth: true, multiline: false })}</Box>
      <Controller
        control={form.control}
        name="Unit"
        render={({ field: f }) => (
          <TextField
            select
            size="small"
            label={t('fields.unit')}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
            disabled={readOnly}
          >
            {UNITS.map((u) => (
              <MenuItem key={u} value={u}>
                {t(`units.${u}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {text('VatPercent', { slotProps: { htmlInput: { inputMode: 'decimal' } } })}
      {text('CostPrice', { slotProps: { htmlInput: { inputMode: 'decimal' } } })}
      {text('SalesPrice', { slotProps: { htmlInput: { inputMode: 'decimal' } } })}
      <SupplierPicker
        value={supplier}
        onChange={(p) => {
          setSupplier(p);
          form.setValue('SupplierId', p?.Id ?? null, { shouldDirty: true });
        }}
        label={t('fields.supplier')}
        disabled={readOnly}
        testId="article-supplier"
      />
      {text('SupplierArticleNumber')}
      {text('Ean', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {flag('IsTimeArticle')}
        {flag('IsStockItem')}
        {flag('IsActive')}
      </Box>
      {canEdit ? (
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined">
            {t('image.choose')}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-label={t('image.choose')}
              onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            />
          </Button>
          {image ? <Typography variant="body2">{image.name}</Typography> : null}
          {props.article?.ImagePath && !image ? (
            <Button color="error" onClick={() => void removeImage(props.article!)} disabled={save.isPending}>
              {t('image.remove')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('save')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

function StockTable(props: { article: ArticleDetail }) {
  const { t } = useTranslation('articles');
  const unitText = useUnitText();
  if (!props.article.IsStockItem) return null;
  return (
    <Box sx={{ mt: 3, maxWidth: 600 }}>
      <Typography variant="h6" component="h2">
        {t('stock.title')}
      </Typography>
      {props.article.Stock.length === 0 ? (
        <Typography variant="body2">{t('stock.none')}</Typography>
      ) : (
        <Table size="small" aria-label={t('stock.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('stock.store')}</TableCell>
              <TableCell align="right">{t('stock.quantity')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.article.Stock.map((s) => (
              <TableRow key={s.StoreId}>
                <TableCell>{s.StoreName}</TableCell>
                <TableCell align="right">{`${s.Quantity} ${unitText(props.article.Unit)}`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/** ViewArticleInfo: the article's fields, image, prices and flags, and its stock per store. */
export default function ArticleInfoPage() {
  const number = useParams().articleNumber ?? '';
  const article = useArticle(number);
  if (article.isPending) return <CircularProgress sx={{ m: 3 }} aria-label="…" />;
  if (!article.data) return <ArticleMissing />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      {article.data.ImagePath ? <ArticleImage path={article.data.ImagePath} alt={article.data.Name} /> : null}
      <ArticleForm key={article.data.RowVersion} article={article.data} />
      <StockTable article={article.data} />
    </Box>
  );
}

function ArticleMissing() {
  const { t } = useTranslation('articles');
  return (
    <Alert severity="warning" sx={{ m: 3 }}>
      {t('notFound')}
    </Alert>
  );
}

/** NewArticle: an empty article form. */
export function NewArticlePage() {
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      <ArticleForm />
    </Box>
  );
}
