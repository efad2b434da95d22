import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Keyed, VirtualList } from './VirtualList.tsx';

export interface PagedListState<T> {
  items: T[];
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
}

/**
 * Every list page's list: a `usePagedList` result in a `VirtualList` (only the visible rows in the DOM,
 * the next page at 90 percent scroll), with its loading, empty and failed states.
 */
export function PagedList<T extends Keyed>(props: {
  list: PagedListState<T>;
  renderItem(item: T, index: number, row: { active: boolean }): ReactNode;
  /** The list's accessible name. */
  label: string;
  emptyText: ReactNode;
  /** Instead of the failed notice with its retry button. */
  errorContent?: ReactNode;
  header?: ReactNode;
  estimateSize?: number;
  scrollToIndex?: number | null;
  /** The scroll container's test id. */
  testId?: string;
  listTestId?: string;
  /** The loading indicator's style: a bar above the rows (default) or a spinner. */
  loading?: 'bar' | 'spinner';
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('common');
  const { list } = props;
  const empty = list.items.length === 0;
  return (
    <VirtualList
      items={list.items}
      renderItem={props.renderItem}
      label={props.label}
      paging={list}
      estimateSize={props.estimateSize}
      scrollToIndex={props.scrollToIndex}
      testId={props.testId}
      listTestId={props.listTestId}
      sx={props.sx}
      before={
        <>
          {list.isPending ? (
            props.loading === 'spinner' ? (
              <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
                <CircularProgress aria-label={t('loading')} />
              </Box>
            ) : (
              <LinearProgress aria-label={t('loading')} />
            )
          ) : null}
          {props.header && !empty ? props.header : null}
        </>
      }
      after={
        <>
          {list.isError && empty
            ? (props.errorContent ?? (
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
              ))
            : null}
          {!list.isPending && !list.isError && empty ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {props.emptyText}
            </Typography>
          ) : null}
          {list.isFetchingNextPage ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
              <CircularProgress size={24} aria-label={t('loadingMore')} />
            </Box>
          ) : null}
        </>
      }
    />
  );
}
