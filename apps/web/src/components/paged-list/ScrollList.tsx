import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollPaging } from '../../lib/use-scroll-paging.ts';

export interface PagedListState<T> {
  items: T[];
  total: number;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

/**
 * A list in its own scroll container: the first page (50 items), the next at 90 percent scroll (700 ms
 * debounce), with loading, empty and failed states.
 */
export function ScrollList<T>(props: {
  list: PagedListState<T>;
  renderItem(item: T): ReactNode;
  /** The list's accessible name. */
  label: string;
  emptyText: string;
  header?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const { list } = props;
  const { ref, onScroll } = useScrollPaging(list);
  return (
    <Box
      ref={ref}
      onScroll={onScroll}
      sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
      data-testid={props.testId}
    >
      {list.isPending ? <LinearProgress aria-label={t('loading')} /> : null}
      {props.header && list.items.length > 0 ? props.header : null}
      <List aria-label={props.label} disablePadding>
        {list.items.map(props.renderItem)}
      </List>
      {list.isError && list.items.length === 0 ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('failedToGet')}
        </Alert>
      ) : null}
      {!list.isPending && !list.isError && list.items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {props.emptyText}
        </Typography>
      ) : null}
      {list.isFetchingNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={24} aria-label={t('loadingMore')} />
        </Box>
      ) : null}
    </Box>
  );
}
