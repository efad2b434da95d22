import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** A portal list's next page on request: how many are shown of how many, while more are left. */
export function ShowMore(props: {
  shown: number;
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}) {
  const { t } = useTranslation('portal');
  if (!props.hasNextPage) return null;
  return (
    <Button
      onClick={() => void props.fetchNextPage()}
      disabled={props.isFetchingNextPage}
      startIcon={props.isFetchingNextPage ? <CircularProgress size={16} aria-hidden /> : undefined}
      sx={{ mt: 1 }}
    >
      {t('showMore', { shown: props.shown, total: props.total })}
    </Button>
  );
}
