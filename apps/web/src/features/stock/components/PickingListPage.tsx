import Print from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitText } from '../../../components/units/use-unit-text.ts';
import { formatDate } from '../../../i18n/dates.ts';
import { addDays, useToday } from '../../../lib/dates.ts';
import { useSession } from '../../../lib/session.tsx';
import { type PickingLine, usePickingList } from '../api/stock.ts';
import { StockPage } from './StockPage.tsx';

const DAY_CHOICES = [1, 3, 7, 14] as const;
const PRINT_ID = 'picking-list-print';

/**
 * Printing shows only the picking list (the shell, the tools and the buttons are hidden): a clean page
 * of the table with a heading naming the technician and the days.
 */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body *': { visibility: 'hidden' },
        [`#${PRINT_ID}, #${PRINT_ID} *`]: { visibility: 'visible' },
        [`#${PRINT_ID}`]: { position: 'absolute', left: 0, top: 0, width: '100%', color: '#000' },
        [`#${PRINT_ID} .print-only`]: { display: 'block !important' },
      },
    }}
  />
);

/** MyCarPickingList (/my-page/mycar/pickinglist): what to put in the van for the coming days' jobs. */
export function PickingListPage() {
  const { t } = useTranslation('stock');
  const { info } = useSession();
  const [days, setDays] = useState(7);
  const list = usePickingList(days);
  const today = useToday();
  return (
    <StockPage
      title={t('picking.title')}
      help={t('picking.help')}
      loading={!list.data}
      error={list.error}
      actions={
        <>
          <TextField
            select
            size="small"
            label={t('picking.days')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            sx={{ minWidth: 140 }}
          >
            {DAY_CHOICES.map((n) => (
              <MenuItem key={n} value={n}>
                {t('picking.daysOption', { count: n })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            startIcon={<Print />}
            onClick={() => window.print()}
            disabled={!list.data?.length}
          >
            {t('picking.print')}
          </Button>
        </>
      }
    >
      {printStyles}
      {list.data?.length === 0 ? (
        <Typography color="text.secondary">{t('picking.empty')}</Typography>
      ) : (
        <Box id={PRINT_ID}>
          <Typography variant="h6" component="p" className="print-only" sx={{ display: 'none', mb: 1 }}>
            {t('picking.printedFor', {
              name: info?.UserInfo.Name ?? '',
              from: formatDate(today),
              to: formatDate(addDays(today, days - 1)),
            })}
          </Typography>
          <PickingTable lines={list.data ?? []} />
        </Box>
      )}
    </StockPage>
  );
}

function PickingTable({ lines }: { lines: PickingLine[] }) {
  const { t } = useTranslation('stock');
  const unitText = useUnitText();
  return (
    <Table size="small" aria-label={t('picking.title')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('article')}</TableCell>
          <TableCell>{t('location')}</TableCell>
          <TableCell align="right">{t('picking.needed')}</TableCell>
          <TableCell align="right">{t('picking.inVan')}</TableCell>
          <TableCell align="right">{t('picking.toPick')}</TableCell>
          <TableCell>{t('picking.jobs')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.ArticleId} data-testid={`pick-${l.ArticleId}`}>
            <TableCell>
              {l.ArticleNumber} · {l.ArticleName}
            </TableCell>
            <TableCell>{l.Location || '–'}</TableCell>
            <TableCell align="right">
              {l.Needed} {unitText(l.Unit)}
            </TableCell>
            <TableCell align="right">{l.InVan}</TableCell>
            <TableCell align="right" sx={{ fontWeight: l.ToPick > 0 ? 700 : undefined }}>
              {l.ToPick}
            </TableCell>
            <TableCell>
              {l.Jobs.map((j) => (
                <Typography key={j.JobId} variant="caption" component="div">
                  {t('picking.job', {
                    order: j.OrderId ?? '',
                    name: j.MachineName,
                    date: formatDate(j.Date),
                    quantity: j.Quantity,
                  })}
                </Typography>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
