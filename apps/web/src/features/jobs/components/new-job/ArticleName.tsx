import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNewJobArticle } from '../../api/new-job.ts';

/**
 * A chosen article (a part the new job starts with): its name and number, read by its number, and a
 * button that takes it off when `onRemove` is given.
 */
export function ArticleLine(props: { number: string; onRemove?(): void }) {
  const { t } = useTranslation('jobs');
  const article = useNewJobArticle(props.number);
  const name =
    article.data?.Name ??
    (article.data === null ? t('newJob.articleNotFound', { number: props.number }) : props.number);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flex: 1 }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle1" noWrap data-testid={`article-name-${props.number}`}>
          {name}
        </Typography>
        {article.data ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('newJob.articleDetail', { number: props.number, unit: article.data.Unit })}
          </Typography>
        ) : null}
      </Box>
      {props.onRemove ? (
        <IconButton aria-label={t('newJob.removeArticle', { name })} onClick={props.onRemove}>
          <Delete />
        </IconButton>
      ) : null}
    </Box>
  );
}
