import { visibleTabCount } from '@fieldport/contract';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Device, useWindowSize } from '../../lib/device.ts';
import type { tabsFor } from '../../lib/routing/access.ts';
import { LAYOUT } from '../../theme/index.ts';
import { LazyMenu } from './LazyMenu.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';
import { useShellState } from './shell-context.tsx';

/** The tab bar of SubMenuTabs: its own chunk, as Tabs are shown on some routes only (decision 012). */
type TabBar = NonNullable<ReturnType<typeof tabsFor>>;

export default function SubMenuTabBar({ bar, device }: { bar: TabBar; device: Device }) {
  const { t } = useTranslation(['shell', 'routes']);
  const { width } = useWindowSize();
  const { tabStates } = useShellState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const count = device === 'phone' ? 0 : visibleTabCount(width);
  const visible = bar.tabs.slice(0, count);
  const overflow = bar.tabs.slice(count);
  // A disabled tab (a job's parts without an order, opened by its address) is wrapped in its hint's
  // tooltip, no Tab the Tabs can select: none is shown chosen then.
  const activeVisible =
    visible.some((tab) => tab.route === bar.activeTab) &&
    !(bar.activeTab && tabStates[bar.activeTab.name]?.disabled);
  const activeInOverflow = overflow.some((tab) => tab.route === bar.activeTab);
  const overflowLabel = device === 'phone' ? t('shell:tabs.tabs') : t('shell:tabs.more');

  return (
    <Box
      component="nav"
      aria-label={t('shell:tabs.label', { name: t(`routes:${bar.owner.displayKey}`) })}
      data-testid="submenu-tabs"
      sx={{
        display: 'flex',
        alignItems: 'center',
        minHeight: LAYOUT.subMenuHeight,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        px: 1,
      }}
    >
      {visible.length > 0 ? (
        <Tabs
          value={activeVisible ? bar.activeTab?.name : false}
          variant="scrollable"
          scrollButtons={false}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {visible.map((tab) => {
            const state = tabStates[tab.route.name];
            const element = (
              <Tab
                key={tab.route.name}
                value={tab.route.name}
                label={t(`routes:${tab.route.displayKey}`)}
                component={Link}
                to={tab.to}
                disabled={state?.disabled}
                data-testid={`tab-${tab.route.name}`}
                sx={{ minHeight: LAYOUT.subMenuHeight }}
              />
            );
            return state?.disabled && state.hint ? (
              <LazyTooltip key={tab.route.name} title={state.hint}>
                <span>{element}</span>
              </LazyTooltip>
            ) : (
              element
            );
          })}
        </Tabs>
      ) : (
        <Box sx={{ flex: 1 }} />
      )}
      {overflow.length > 0 ? (
        <>
          <Button
            onClick={(e) => setAnchor(e.currentTarget)}
            endIcon={<ExpandMore />}
            aria-haspopup="menu"
            color={activeInOverflow ? 'primary' : 'inherit'}
            variant={activeInOverflow ? 'outlined' : 'text'}
            data-testid="submenu-more"
          >
            {activeInOverflow && device === 'phone' && bar.activeTab
              ? t(`routes:${bar.activeTab.displayKey}`)
              : overflowLabel}
          </Button>
          <LazyMenu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
            {overflow.map((tab) => {
              const state = tabStates[tab.route.name];
              return (
                <MenuItem
                  key={tab.route.name}
                  component={Link}
                  to={tab.to}
                  selected={tab.route === bar.activeTab}
                  disabled={state?.disabled}
                  title={state?.disabled ? state.hint : undefined}
                  onClick={() => setAnchor(null)}
                >
                  {t(`routes:${tab.route.displayKey}`)}
                </MenuItem>
              );
            })}
          </LazyMenu>
        </>
      ) : null}
    </Box>
  );
}
