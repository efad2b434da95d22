import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { useUnitText } from '../../../components/units/use-unit-text.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useStoreArticles } from '../api/stock.ts';

/** A store's articles with stock and location: virtualised, searched in number, name and location. */
export function StoreArticleList(props: { storeId: number; label: string; emptyText: string }) {
  const { t } = useTranslation('stock');
  const unitText = useUnitText();
  const [search, setSearch] = useState('');
  const word = useDebouncedValue(search.trim(), 400);
  const list = useStoreArticles(props.storeId, word);
  return (
    <Box sx={{ height: 'calc(100vh - 260px)', minHeight: 320 }}>
      <ListLayout
        tools={<SearchField label={t('search')} value={search} onChange={setSearch} />}
        count={list.isPending ? null : t('count', { count: list.total })}
      >
        <PagedList
          list={list}
          label={props.label}
          emptyText={props.emptyText}
          estimateSize={56}
          renderItem={(a) => {
            const low = a.MinQuantity > 0 && a.Quantity < a.MinQuantity;
            // Nothing in a row is a control: the rows themselves are focusable (VirtualList keeps only
            // the active one in the tab order), so the list scrolls with the arrow keys (WCAG 2.1.1).
            return (
              <Box
                tabIndex={0}
                sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1, width: '100%' }}
                data-testid={`stock-article-${a.ArticleId}`}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {a.ArticleNumber} · {a.ArticleName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t('location')}: {a.Location || '–'}
                  </Typography>
                </Box>
                {low ? (
                  <Chip size="small" color="warning" label={t('belowMin', { min: a.MinQuantity })} />
                ) : null}
                <Typography
                  variant="body2"
                  sx={{ minWidth: 90, textAlign: 'right' }}
                  aria-label={t('quantity')}
                >
                  {t('inStock', { quantity: a.Quantity, unit: unitText(a.Unit) })}
                </Typography>
              </Box>
            );
          }}
        />
      </ListLayout>
    </Box>
  );
}
