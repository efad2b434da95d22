import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListLayout, PagedList, SearchField } from '../../../components/paged-list/index.ts';
import { type HeaderAction, useHeaderActions } from '../../../components/shell/shell-context.tsx';
import { useUnitText } from '../../../components/units/use-unit-text.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { INACTIVE_ROW } from '../../../theme/inactive-row.ts';
import { useArticlePages } from '../api.ts';

/** ArticleList (/pim/articles): the article catalogue, searchable, inactive ones on request; New for the Admin. */
export default function ArticleListPage() {
  const { t } = useTranslation('articles');
  const unitText = useUnitText();
  const canEdit = useCan('Module.Admin');
  const [search, setSearch] = useState('');
  const [inactive, setInactive] = useState(false);
  const word = useDebouncedValue(search.trim(), 300);
  const list = useArticlePages({ ...(word ? { SearchWord: word } : {}), IncludeInactive: inactive });
  const actions = useMemo<HeaderAction[]>(
    () =>
      canEdit
        ? [
            {
              id: 'article-new',
              label: t('new'),
              icon: <Add />,
              to: pathFor('NewArticle', { articleId: '0' }),
            },
          ]
        : [],
    [canEdit, t],
  );
  useHeaderActions(actions);
  return (
    <ListLayout
      tools={
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <SearchField label={t('search')} value={search} onChange={setSearch} />
          <FormControlLabel
            control={<Switch checked={inactive} onChange={(e) => setInactive(e.target.checked)} />}
            label={t('showInactive')}
          />
        </Box>
      }
      count={list.data ? t('count', { count: list.total }) : null}
    >
      <PagedList
        list={list}
        label={t('label')}
        emptyText={word ? t('noMatches') : t('empty')}
        renderItem={(a) => (
          <ListItemButton
            key={a.Id}
            component={Link}
            to={pathFor('ViewArticleInfo', { articleId: String(a.Id), articleNumber: a.ArticleNumber })}
            data-testid={`article-row-${a.Id}`}
            sx={a.IsActive ? undefined : INACTIVE_ROW}
          >
            <ListItemText
              primary={`${a.ArticleNumber} · ${a.Name}`}
              secondary={[
                `${t('fields.salesPrice')}: ${a.SalesPrice.toFixed(2)}`,
                unitText(a.Unit),
                a.IsTimeArticle ? t('fields.isTimeArticle') : null,
                a.IsActive ? null : t('inactive'),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItemButton>
        )}
      />
    </ListLayout>
  );
}
