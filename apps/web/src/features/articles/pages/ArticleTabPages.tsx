import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DocumentsPanel } from '../../../components/documents/index.ts';
import { PagedList } from '../../../components/paged-list/index.ts';
import { useUnitText } from '../../../components/units/use-unit-text.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { type ArticleDetail, useArticle, useArticleLogs } from '../api.ts';

/** A tab of the article: its number and name over the tab's content, once the article is read. */
function ArticleTab(props: { children: (article: ArticleDetail) => ReactNode }) {
  const { t } = useTranslation('articles');
  const article = useArticle(useParams().articleNumber ?? '');
  if (article.isPending) return null;
  if (!article.data)
    return (
      <Alert severity="warning" sx={{ m: 3 }}>
        {t('notFound')}
      </Alert>
    );
  return (
    <Box
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0, p: { xs: 1.5, sm: 3 } }}
    >
      <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
        {`${article.data.ArticleNumber} · ${article.data.Name}`}
      </Typography>
      {props.children(article.data)}
    </Box>
  );
}

/** ViewArticleResources: the article's documents (data sheets, pictures), the shared documents panel. */
export function ArticleResourcesPage() {
  return <ArticleTab>{(a) => <DocumentsPanel entityClass="Article" entityId={a.Id} />}</ArticleTab>;
}

function ArticleLogList(props: { articleId: number }) {
  const { t } = useTranslation('articles');
  const logId = Number(useParams().logId);
  const logs = useArticleLogs(props.articleId);
  return (
    <PagedList
      list={logs}
      label={t('logs.label')}
      emptyText={t('logs.empty')}
      renderItem={(entry) => (
        <ListItem
          key={entry.Id}
          divider
          alignItems="flex-start"
          sx={entry.Id === logId ? { bgcolor: 'action.selected' } : {}}
        >
          <ListItemText
            primary={`${formatDateTime(entry.Created)} · ${entry.UserName} · ${t(`logs.action.${entry.Action === 'New' ? 'new' : 'change'}`)}`}
            secondary={entry.Changes.map(
              (c) => `${c.Field}: ${c.OldValue ?? '–'} → ${c.NewValue ?? '–'}`,
            ).join('; ')}
          />
        </ListItem>
      )}
    />
  );
}

/** ViewArticleLogs: the article's change log, newest first. */
export function ArticleLogsPage() {
  return <ArticleTab>{(a) => <ArticleLogList articleId={a.Id} />}</ArticleTab>;
}

/** ViewArticleJobCategories: the job categories that bring the article along (edited on the category). */
export function ArticleJobCategoriesPage() {
  const { t } = useTranslation('articles');
  const unitText = useUnitText();
  return (
    <ArticleTab>
      {(a) =>
        a.JobCategories.length === 0 ? (
          <Typography variant="body2">{t('categories.none')}</Typography>
        ) : (
          <List aria-label={t('categories.label')}>
            {a.JobCategories.map((c) => (
              <ListItem key={c.Id} divider>
                <ListItemText
                  primary={c.Name}
                  secondary={`${t('fields.quantity')}: ${c.Quantity} ${unitText(a.Unit)}`}
                />
              </ListItem>
            ))}
          </List>
        )
      }
    </ArticleTab>
  );
}
