import { CountInput, quantityDifference } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { useFormMessage } from '../../../lib/forms/zod-form.ts';
import { useCountStore } from '../api/mutations.ts';
import { type CountDifference, useWholeStore } from '../api/stock.ts';
import { ArticlePicker, type PickedArticle } from './ArticlePicker.tsx';

/** The problem of a counted quantity as typed (empty: not counted), in the user's language. */
function problemOf(text: string): string | null {
  if (text.trim() === '') return null;
  const parsed = CountInput.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * Counting a store: the counted quantity per article (left empty: not counted), the difference to the
 * stock shown as typed; booking sends the counted ones and shows the differences the server booked.
 */
export function CountPanel(props: { storeId: number }) {
  const { t } = useTranslation('stock');
  const message = useFormMessage();
  const whole = useWholeStore(props.storeId);
  const count = useCountStore();
  const [counted, setCounted] = useState<Record<number, string>>({});
  const [booked, setBooked] = useState<CountDifference[] | null>(null);
  const [empty, setEmpty] = useState(false);
  // Articles the store does not hold yet, added to be counted (found on the shelf): stock 0.
  const [added, setAdded] = useState<PickedArticle[]>([]);
  if (!whole.data) return <CircularProgress aria-label={t('loading')} />;
  const rows = [
    ...whole.data.Content,
    ...added
      .filter((a) => !whole.data.Content.some((r) => r.ArticleId === a.Id))
      .map((a) => ({
        ArticleId: a.Id,
        ArticleNumber: a.Number,
        ArticleName: a.Name,
        Location: '',
        Quantity: 0,
      })),
  ];
  const entered = Object.entries(counted).filter(([, v]) => v.trim() !== '');
  const invalid = entered.some(([, v]) => problemOf(v) !== null);
  const book = async () => {
    if (entered.length === 0) return setEmpty(true);
    if (invalid) return;
    const result = await count.mutateAsync({
      StoreId: props.storeId,
      Lines: entered.map(([id, v]) => ({ ArticleId: Number(id), Counted: v.trim().replace(',', '.') })),
      Comment: '',
    });
    setBooked(result.Differences.filter((d) => d.Difference !== 0));
    setCounted({});
    setAdded([]);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('countForm.help')}
      </Typography>
      <Table size="small" aria-label={t('admin.tabs.count')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('article')}</TableCell>
            <TableCell>{t('location')}</TableCell>
            <TableCell align="right">{t('quantity')}</TableCell>
            <TableCell>{t('countForm.counted')}</TableCell>
            <TableCell align="right">{t('countForm.difference')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((a) => {
            const value = counted[a.ArticleId] ?? '';
            const problem = problemOf(value);
            const diff =
              value.trim() !== '' && !problem
                ? Number(quantityDifference(value.trim().replace(',', '.'), String(a.Quantity)))
                : null;
            return (
              <TableRow key={a.ArticleId}>
                <TableCell>
                  {a.ArticleNumber} · {a.ArticleName}
                </TableCell>
                <TableCell>{a.Location || '–'}</TableCell>
                <TableCell align="right">{a.Quantity}</TableCell>
                <TableCell sx={{ minWidth: 140 }}>
                  <TextField
                    size="small"
                    value={value}
                    onChange={(e) => setCounted((c) => ({ ...c, [a.ArticleId]: e.target.value }))}
                    error={!!problem}
                    helperText={problem ? message(problem) : undefined}
                    slotProps={{
                      htmlInput: {
                        inputMode: 'decimal',
                        'aria-label': t('countForm.countedOf', { article: a.ArticleNumber }),
                      },
                    }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ color: diff && diff < 0 ? 'error.main' : undefined }}>
                  {diff === null ? '' : diff > 0 ? `+${diff}` : diff}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <ArticlePicker
        value={null}
        label={t('countForm.addArticle')}
        onChange={(a) => {
          if (a) setAdded((list) => (list.some((x) => x.Id === a.Id) ? list : [...list, a]));
        }}
      />
      {empty && entered.length === 0 ? <Alert severity="info">{t('countForm.nothing')}</Alert> : null}
      {count.error ? <Alert severity="error">{apiMessage(count.error)}</Alert> : null}
      <div>
        <Button
          variant="contained"
          onClick={() => void book().catch(() => undefined)}
          loading={count.isPending}
          disabled={invalid}
        >
          {t('countForm.book')}
        </Button>
      </div>
      {booked ? (
        <Alert severity="success" role="status">
          {booked.length === 0 ? (
            t('countForm.none')
          ) : (
            <>
              <strong>{t('countForm.booked')}</strong>
              {booked.map((d) => (
                <div key={d.ArticleId}>
                  {d.ArticleNumber}: {d.Before} → {d.Counted} (
                  {d.Difference > 0 ? `+${d.Difference}` : d.Difference})
                </div>
              ))}
            </>
          )}
        </Alert>
      ) : null}
    </Stack>
  );
}
