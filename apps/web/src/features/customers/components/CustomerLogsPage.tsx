import type { ChangeLogEntry } from '@fieldport/contract';
import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PagedList } from '../../../components/paged-list/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCustomerLogs } from '../api/customers.ts';
import { CustomerFrame } from './CustomerFrame.tsx';

/** ViewCustomerLogs: the customer's change log, newest first (time, user, what changed). */
export default function CustomerLogsPage() {
  return <CustomerFrame>{(customer) => <LogList customerId={customer.Id} />}</CustomerFrame>;
}

function LogList({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation(['customers', 'common']);
  const { logId } = useParams();
  const query = useCustomerLogs(customerId);
  const selectedIndex = query.items.findIndex((e) => String(e.Id) === logId);
  return (
    <PagedList
      list={query}
      label={t('log.label')}
      loading="spinner"
      errorContent={
        <Typography sx={{ p: 3 }} color="error">
          {t('common:failedToGet')}
        </Typography>
      }
      emptyText={t('log.none')}
      scrollToIndex={selectedIndex >= 0 ? selectedIndex : null}
      estimateSize={90}
      sx={{ p: { xs: 1, sm: 2 } }}
      renderItem={(e) => (
        <ListItemButton
          divider
          selected={logId === String(e.Id)}
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
      )}
    />
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
