import { DROPDOWN_DEBOUNCE_MS, MIN_SEARCH_LENGTH } from '@fieldport/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitText } from '../../../../components/units/use-unit-text.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { type PartLookup, useArticleSuggestions, useCustomerPrice, usePartLookup } from '../../api/parts.ts';
import { useOrderFormat } from './format.ts';

/**
 * The article of a part (002 §7.17 parts/): looked up after three characters of its number, 700 ms
 * after the last key (000 §9), showing its name, the customer's price and the stock per store. While
 * no number matches, the articles whose number or name holds the text (article/search) are offered;
 * choosing one looks it up. The article found (or null) is handed up; a fixed article (editing a
 * line) shows without the field.
 */
export function ArticleLookup(props: {
  jobId: number;
  /** The machine job the part goes on, and the job's customer, for the customer's price. */
  machineJobId: number;
  customerId: number | null;
  machineId: number | null;
  initial?: string;
  fixed?: boolean;
  onArticle(article: PartLookup | null): void;
  error?: string;
}) {
  const { t } = useTranslation('orders');
  const unitText = useUnitText();
  const f = useOrderFormat();
  const stockId = useId();
  const [typed, setTyped] = useState(props.initial ?? '');
  const word = typed.trim();
  const settled = useDebouncedValue(word, DROPDOWN_DEBOUNCE_MS);
  const searchable = settled.length >= MIN_SEARCH_LENGTH && settled === word;
  const lookup = usePartLookup(props.jobId, props.machineId, props.fixed ? word : searchable ? settled : '');
  const article = lookup.data ?? null;
  const price = useCustomerPrice(props.customerId, article?.ArticleNumber ?? '', props.machineJobId);
  const suggestions = useArticleSuggestions(
    !props.fixed && lookup.isSuccess && !article && searchable ? settled : '',
  );
  const { onArticle } = props;
  useEffect(() => onArticle(article), [article, onArticle]);
  const waiting = (word !== settled && word.length >= MIN_SEARCH_LENGTH) || lookup.isFetching;
  const helper =
    props.error ??
    (word.length < MIN_SEARCH_LENGTH
      ? t('partForm.articleHint')
      : waiting
        ? t('partForm.searching')
        : lookup.isSuccess && !article
          ? t('partForm.notFound')
          : undefined);
  return (
    <Box>
      <TextField
        label={t('partForm.article')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        required
        fullWidth
        autoFocus={!props.fixed}
        error={!!props.error}
        helperText={helper}
        slotProps={{
          input: {
            readOnly: props.fixed,
            endAdornment: waiting ? <CircularProgress size={18} aria-hidden /> : undefined,
          },
          htmlInput: { 'data-testid': 'part-article', 'aria-describedby': article ? stockId : undefined },
        }}
      />
      {!article && (suggestions.data?.length ?? 0) > 0 && (
        <List dense aria-label={t('partForm.suggestions')} data-testid="part-article-suggestions">
          {suggestions.data!.slice(0, 8).map((a) => (
            <ListItemButton key={a.Id} onClick={() => setTyped(a.ArticleNumber)}>
              <ListItemText primary={`${a.ArticleNumber} · ${a.Name}`} />
            </ListItemButton>
          ))}
        </List>
      )}
      {article && (
        <Box id={stockId} aria-live="polite" sx={{ mt: 1 }} data-testid="part-article-found">
          <Typography>
            {`${article.ArticleNumber} · ${article.Name}`}
            {article.Unit ? ` (${unitText(article.Unit)})` : ''}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {t('partForm.customerPrice', { price: f.money(price.data?.UnitPrice ?? article.UnitPrice) })}
          </Typography>
          {article.Stock.length > 0 && (
            <List dense disablePadding>
              {article.Stock.map((s) => (
                <ListItem key={s.StoreId} disableGutters sx={{ py: 0 }}>
                  <ListItemText
                    primary={t('partForm.stock', { store: s.StoreName, count: f.quantity(s.Quantity) })}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Box>
  );
}
