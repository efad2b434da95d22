import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../../lib/use-can.ts';
import {
  useCategoryArticleChanges,
  useCategoryArticles,
  useChangeJobCategory,
  useJobCategory,
} from '../api.ts';
import { ArticleLines } from '../components/ArticleLines.tsx';

/** JobCategoryInfo: the category's name and active state, and the articles it brings along (the Admin edits them). */
export default function JobCategoryInfoPage() {
  const { t } = useTranslation('articles');
  const id = Number(useParams().categoryId);
  const category = useJobCategory(id);
  const articles = useCategoryArticles(id);
  const change = useCategoryArticleChanges(id);
  const canEdit = useCan('Module.Admin');
  const rename = useChangeJobCategory(id);
  const lines = (articles.data?.Content ?? []).map((a) => ({ ...a, key: a.Id }));
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      {category.data ? (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 3 }}>
          <TextField
            key={`${category.data.Name}-${category.data.RowVersion}`}
            size="small"
            label={t('categories.name')}
            defaultValue={category.data.Name}
            disabled={!canEdit}
            onBlur={(e) => {
              const name = e.target.value.trim();
              if (category.data && name && name !== category.data.Name)
                rename.mutate({ Name: name, RowVersion: category.data.RowVersion });
            }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={category.data.IsActive}
                disabled={!canEdit || rename.isPending}
                onChange={(e) =>
                  category.data &&
                  rename.mutate({ IsActive: e.target.checked, RowVersion: category.data.RowVersion })
                }
              />
            }
            label={t('active')}
          />
        </Box>
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
