import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VirtualList } from '../../components/paged-list/index.ts';
import { apiMessage } from '../../lib/api/api-message.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { type OpenOrder, useOpenOrders } from './api.ts';

const AGE_KEYS = {
  '0-7': 'age.week',
  '8-30': 'age.month',
  '31-90': 'age.quarter',
  '90+': 'age.older',
} as const;

/**
 * OpenOrders (/dashboard/openorders): the jobs completed or approved whose order lines are not yet
 * invoiced, with their totals, summed by department and by age; each job opens its invoice tab.
 */
export default function OpenOrdersPage() {
  const { t, i18n } = useTranslation('openorders');
  const orders = useOpenOrders();
  const money = (n: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  const data = orders.data;
  const items = (data?.Orders ?? []).map((o) => ({ ...o, Id: o.JobId }));
  return (
    <Box
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minHeight: 0, flex: 1 }}
    >
      <Typography variant="h6" component="h2">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('help')}
      </Typography>
      {orders.error ? (
        <Paper variant="outlined" sx={{ p: 2 }} role="alert">
          {apiMessage(orders.error) || t('loadFailed')}
        </Paper>
      ) : !data ? (
        <CircularProgress aria-label={t('loading')} />
      ) : (
        <>
          <Typography data-testid="open-total">
            {t('total', {
              count: data.Orders.length,
              exclVat: money(data.TotalExclVat),
              inclVat: money(data.TotalInclVat),
            })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Groups
              label={t('byDepartment')}
              rows={data.ByDepartment.map((g) => ({
                key: g.Key,
                name: g.Name ?? t('noDepartment'),
                orders: g.Orders,
                amount: money(g.AmountExclVat),
              }))}
            />
            <Groups
              label={t('byAge')}
              rows={data.ByAge.map((g) => ({
                key: g.Key,
                name: t(AGE_KEYS[g.Key as keyof typeof AGE_KEYS] ?? 'age.older'),
                orders: g.Orders,
                amount: money(g.AmountExclVat),
              }))}
            />
          </Box>
          {items.length === 0 ? (
            <Typography color="text.secondary">{t('empty')}</Typography>
          ) : (
            <VirtualList
              items={items}
              label={t('listLabel')}
              estimateSize={60}
              testId="open-orders-list"
              sx={{ flex: 1, minHeight: 240 }}
              renderItem={(o, _i, row) => <OrderRow order={o} money={money} active={row.active} />}
            />
          )}
        </>
      )}
    </Box>
  );
}

function OrderRow({
  order: o,
  money,
  active,
}: {
  order: OpenOrder;
  money: (n: number) => string;
  active: boolean;
}) {
  const { t } = useTranslation('openorders');
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        px: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        alignItems: 'center',
      }}
      data-testid="open-order"
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Link
          component={RouterLink}
          tabIndex={active ? 0 : -1}
          to={pathFor('ViewJobInvoice', { filter: 'my', jobId: String(o.JobId) })}
        >
          {[o.OrderId, o.DisplayName].filter(Boolean).join(' · ')}
        </Link>
        <Typography variant="body2" color="text.secondary" noWrap>
          {[o.CustomerName, o.DepartmentName ?? t('noDepartment'), t('ageDays', { count: o.AgeDays })].join(
            ' · ',
          )}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
        {money(o.AmountExclVat)}
        <br />
        <small>{t('lines', { count: o.Lines })}</small>
      </Typography>
    </Box>
  );
}

function Groups({
  label,
  rows,
}: {
  label: string;
  rows: { key: string; name: string; orders: number; amount: string }[];
}) {
  const { t } = useTranslation('openorders');
  return (
    <Paper variant="outlined" sx={{ flex: '1 1 280px' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{label}</TableCell>
            <TableCell align="right">{t('orders')}</TableCell>
            <TableCell align="right">{t('amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.name}</TableCell>
              <TableCell align="right">{r.orders}</TableCell>
              <TableCell align="right">{r.amount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
