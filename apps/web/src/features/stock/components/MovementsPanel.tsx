import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayout, PagedList } from '../../../components/paged-list/index.ts';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useMovements } from '../api/stock.ts';

/** A store's movements, newest first, with why, who and the job line; the locked ones alone on demand. */
export function MovementsPanel(props: { storeId: number }) {
  const { t } = useTranslation('stock');
  const [onlyLocked, setOnlyLocked] = useState(false);
  const list = useMovements({ storeId: props.storeId, onlyLocked });
  return (
    <Box sx={{ height: 'calc(100vh - 320px)', minHeight: 320 }}>
      <ListLayout
        tools={
          <FormControlLabel
            control={<Switch checked={onlyLocked} onChange={(e) => setOnlyLocked(e.target.checked)} />}
            label={t('movements.onlyLocked')}
          />
        }
        count={list.isPending ? null : String(list.total)}
      >
        <PagedList
          list={list}
          label={t('movements.listLabel')}
          emptyText={t('movements.empty')}
          estimateSize={56}
          renderItem={(m) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1, width: '100%' }}>
              <Typography variant="body2" sx={{ minWidth: 130 }}>
                {formatDateTime(m.CreatedAt)}
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {m.ArticleNumber} · {m.ArticleName}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {t(`movements.reason.${m.Reason}`)}
                  {m.UserName ? ` · ${m.UserName}` : ''}
                  {m.ParentJobId ? ` · ${t('movements.job', { id: m.ParentJobId })}` : ''}
                  {m.Comment ? ` · ${m.Comment}` : ''}
                </Typography>
              </Box>
              {m.IsLocked ? <Lock fontSize="small" titleAccess={t('movements.locked')} /> : null}
              <Typography
                variant="body2"
                sx={{
                  minWidth: 70,
                  textAlign: 'right',
                  color: m.Quantity < 0 ? 'error.main' : 'success.main',
                }}
              >
                {m.Quantity > 0 ? `+${m.Quantity}` : m.Quantity}
              </Typography>
            </Box>
          )}
        />
      </ListLayout>
    </Box>
  );
}
