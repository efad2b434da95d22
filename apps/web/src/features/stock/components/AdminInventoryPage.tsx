import Inventory from '@mui/icons-material/Inventory';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Store, useStores } from '../api/stock.ts';
import { CountPanel } from './CountPanel.tsx';
import { MovementsPanel } from './MovementsPanel.tsx';
import { StockDialog } from './StockDialogs.tsx';
import { StockPage } from './StockPage.tsx';
import { StoreArticleList } from './StoreArticleList.tsx';

type TabName = 'stock' | 'movements' | 'count';

/**
 * AdminInventory (/admin/inventory): choose a store or van; its stock per article, its movements (the
 * locked ones alone on demand), moving stock to another store, receiving stock, and counting it.
 */
export function AdminInventoryPage() {
  const { t } = useTranslation('stock');
  const stores = useStores();
  const [chosen, setChosen] = useState<number | null>(null);
  const [tab, setTab] = useState<TabName>('stock');
  const [dialog, setDialog] = useState<'move' | 'receive' | null>(null);
  const all = stores.data ?? [];
  const store: Store | undefined = all.find((s) => s.Id === chosen) ?? all[0];
  const label = (s: Store) => (s.StoreType === 2 ? t('admin.van', { name: s.Name }) : s.Name);
  return (
    <StockPage
      title={t('admin.title')}
      help={t('admin.help')}
      loading={!stores.data}
      error={stores.error}
      actions={
        store ? (
          <>
            <Button variant="outlined" startIcon={<SwapHoriz />} onClick={() => setDialog('move')}>
              {t('admin.move')}
            </Button>
            <Button variant="outlined" startIcon={<Inventory />} onClick={() => setDialog('receive')}>
              {t('admin.receive')}
            </Button>
          </>
        ) : null
      }
    >
      <TextField
        select
        label={t('admin.store')}
        value={store?.Id ?? ''}
        onChange={(e) => setChosen(Number(e.target.value))}
        sx={{ maxWidth: 420 }}
      >
        {all.map((s) => (
          <MenuItem key={s.Id} value={s.Id}>
            {label(s)}
          </MenuItem>
        ))}
      </TextField>
      {store ? (
        <>
          <Tabs value={tab} onChange={(_, v: TabName) => setTab(v)} aria-label={t('admin.title')}>
            <Tab
              value="stock"
              id="inventory-tab-stock"
              aria-controls="inventory-panel"
              label={t('admin.tabs.stock')}
            />
            <Tab
              value="movements"
              id="inventory-tab-movements"
              aria-controls="inventory-panel"
              label={t('admin.tabs.movements')}
            />
            <Tab
              value="count"
              id="inventory-tab-count"
              aria-controls="inventory-panel"
              label={t('admin.tabs.count')}
            />
          </Tabs>
          <Box
            role="tabpanel"
            id="inventory-panel"
            aria-labelledby={`inventory-tab-${tab}`}
            sx={{ minHeight: 0 }}
          >
            {tab === 'stock' ? (
              <StoreArticleList
                key={store.Id}
                storeId={store.Id}
                label={t('admin.listLabel')}
                emptyText={t('admin.empty')}
              />
            ) : tab === 'movements' ? (
              <MovementsPanel key={store.Id} storeId={store.Id} />
            ) : (
              <CountPanel key={store.Id} storeId={store.Id} />
            )}
          </Box>
          {dialog ? (
            <StockDialog mode={dialog} store={store} stores={all} onClose={() => setDialog(null)} />
          ) : null}
        </>
      ) : null}
    </StockPage>
  );
}
