import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../../lib/use-can.ts';
import { useCategoryArticleChanges, useCategoryArticles, useJobCategory } from '../api.ts';
import { ArticleLines } from '../components/ArticleLines.tsx';

/** JobCategoryInfo: the category's name and state, and the articles it brings along (the Admin edits them). */
export default function JobCategoryInfoPage() {
  const { t } = useTranslation('articles');
  const id = Number(useParams().categoryId);
  const category = useJobCategory(id);
  const articles = useCategoryArticles(id);
  const change = useCategoryArticleChanges(id);
  const canEdit = useCan('Module.Admin');
  const lines = (articles.data?.Content ?? []).map((a) => ({ ...a, key: a.Id }));
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      {category.data ? (
        <Typography variant="h6" component="h1">
          {category.data.Name}
        </Typography>
      ) : null}
      {category.data ? (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {category.data.IsActive ? t('active') : t('inactive')}
        </Typography>
      ) : null}
      <Typography variant="subtitle1" component="h2">
        {t('categories.articles')}
      </Typography>
      {articles.data ? (
        <ArticleLines
          label={t('categories.articles')}
          lines={lines}
          editable={canEdit}
          onAdd={(a) => change.add.mutate([a.ArticleNumber])}
          onQuantity={(l, q) => change.quantity.mutate({ Id: l.key, Quantity: q })}
          onRemove={(l) => change.remove.mutate(l.key)}
        />
      ) : null}
    </Box>
  );
}
