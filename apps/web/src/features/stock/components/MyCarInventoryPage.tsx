import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMyVan } from '../api/stock.ts';
import { StockPage } from './StockPage.tsx';
import { StoreArticleList } from './StoreArticleList.tsx';

/** MyCarInventory (/my-page/mycar/inventory): what the technician's van holds, where, and how many. */
export function MyCarInventoryPage() {
  const { t } = useTranslation('stock');
  const { van, error } = useMyVan();
  return (
    <StockPage title={van ? van.Name : t('myCar.title')} loading={van === undefined} error={error}>
      {van ? (
        <StoreArticleList storeId={van.Id} label={t('myCar.listLabel')} emptyText={t('myCar.empty')} />
      ) : (
        <Typography color="text.secondary">{t('myCar.noVan')}</Typography>
      )}
    </StockPage>
  );
}
