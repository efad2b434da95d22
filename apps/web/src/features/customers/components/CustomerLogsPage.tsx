import type { ChangeLogEntry } from '@fieldport/contract';
import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../i18n/dates.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useScrollPaging } from '../../../lib/use-scroll-paging.ts';
import { customerLogsQuery } from '../api/customers.ts';
import { CustomerFrame } from './CustomerFrame.tsx';

/** ViewCustomerLogs: the customer's change log, newest first (time, user, what changed). */
export default function CustomerLogsPage() {
  return <CustomerFrame>{(customer) => <LogList customerId={customer.Id} />}</CustomerFrame>;
}

function LogList({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation(['customers', 'common']);
  const { logId } = useParams();
  const query = useInfiniteQuery(customerLogsQuery(customerId));
  const entries = useMemo(() => query.data?.pages.flatMap((p) => p.Content) ?? [], [query.data]);
  const { ref: scrollRef, onScroll } = useScrollPaging(query);
  const selectedRef = useRef<HTMLAnchorElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls once the chosen entry is there
  useEffect(() => {
    selectedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [logId, entries.length]);

  if (query.isPending) return <CircularProgress sx={{ m: 3 }} aria-label={t('common:loading')} />;
  if (query.isError)
    return (
      <Typography sx={{ p: 3 }} color="error">
        {t('common:failedToGet')}
      </Typography>
    );
  if (entries.length === 0)
    return (
      <Typography sx={{ p: 3 }} color="text.secondary">
        {t('log.none')}
      </Typography>
    );
  return (
    <Box
      ref={scrollRef}
      sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: { xs: 1, sm: 2 } }}
      onScroll={onScroll}
    >
      <List disablePadding aria-label={t('log.label')}>
        {entries.map((e) => {
          const selected = logId === String(e.Id);
          return (
            <ListItemButton
              key={e.Id}
              divider
              selected={selected}
              ref={selected ? selectedRef : undefined}
              component={Link}
              to={pathFor('ViewCustomerLogs', { customerId: String(customerId), logId: String(e.Id) })}
              data-testid={`customer-log-row-${e.Id}`}
              sx={{ alignItems: 'flex-start' }}
            >
              <ListItemIcon sx={{ minWidth: 40, mt: 0.5 }}>
                <History fontSize="small" aria-hidden />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}
                  >
                    <Typography component="span" sx={{ fontWeight: 500 }}>
                      {what(e, (key, opts) => t(key, opts ?? {}))}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {formatDateTime(e.Created, i18n.language)} · {e.UserName || t('log.system')}
                    </Typography>
                  </Box>
                }
                secondary={<Changes entry={e} />}
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItemButton>
          );
        })}
      </List>
      {query.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('show_more')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** 'Contact Kari Nordmann changed', 'Customer created' … */
function what(e: ChangeLogEntry, t: (key: string, opts?: Record<string, string>) => string): string {
  const entity = t(`log.entity.${e.Entity}`, { defaultValue: e.Entity });
  const action = t(`log.action.${e.Action}`, { defaultValue: e.Action });
  return t('log.what', { entity, action, name: e.Description });
}

function Changes({ entry }: { entry: ChangeLogEntry }) {
  const { t } = useTranslation(['customers', 'common']);
  if (entry.Changes.length === 0) return null;
  const shown = (v: string | null) =>
    v === null || v === ''
      ? t('log.empty')
      : v === 'true'
        ? t('common:yes')
        : v === 'false'
          ? t('common:no')
          : v;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {entry.Changes.map((c) => (
        <li key={c.Field}>
          {t('log.change', {
            field: t(`log.field.${c.Field}`, { defaultValue: c.Field }),
            from: shown(c.OldValue),
            to: shown(c.NewValue),
          })}
        </li>
      ))}
    </Box>
  );
}
